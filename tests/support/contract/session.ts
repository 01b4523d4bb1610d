/** Contract rows of `session`: what `get_state` promises. */
import { expect } from '@playwright/test';
import { refusalOf } from './common';
import type { Answer, ContractRow } from './context';
import {
  ABSENT,
  anyOf,
  arrayOf,
  boolean,
  count,
  literal,
  matches,
  nonEmptyString,
  nullable,
  object,
  oneOf,
  optional,
  revision,
  semver,
  string,
  tabId,
  virtualPath,
  type Field,
} from './shapes';

const KIND = oneOf('markdown', 'yaml-workflow');

const TAB_FIELDS: Record<string, Field> = {
  id: tabId,
  dirty: boolean,
  revision,
  kind: KIND,
  active: boolean,
  visible: boolean,
  readOnly: optional(literal(true)),
  documentKind: ABSENT,
};

/**
 * A tab of `get_state`: the seeds' `{id, filePath, title, dirty, revision, kind, active, visible}`,
 * `title` on every tab (a file tab's is its file name without the extension, as the seeds show).
 */
export const TAB = anyOf(
  object({ ...TAB_FIELDS, filePath: virtualPath, title: nonEmptyString }),
  object({ ...TAB_FIELDS, filePath: literal(null), title: nonEmptyString }),
);

export const WINDOW = object({
  label: nonEmptyString,
  focused: boolean,
  activeWorkspaceInstanceId: nullable(string),
  tabs: arrayOf(TAB),
});

export const CAPABILITIES = object({
  version: semver,
  supportedKinds: literal(['markdown', 'yaml-workflow']),
  mcpProtocol: semver,
});

type Tab = { id: string; filePath: string | null; title?: string; active: boolean };
const tabsOf = (answer: Answer) =>
  (answer.windows as { label: string; tabs: Tab[] }[]).flatMap((w) => w.tabs);

export const sessionRows: ContractRow[] = [
  {
    name: 'windows with their tabs (a file tab and an untitled one, each with its title, within 170 bytes) and capabilities',
    tool: 'session',
    action: 'get_state',
    async args(ctx) {
      const file = await ctx.open('notes.md', '# Notes\n');
      await ctx.show(file);
      await ctx.untitled();
      return {};
    },
    shape: object({
      windows: arrayOf(WINDOW, { min: 1 }),
      workspaces: arrayOf(
        object({ root: matches(/^\/[^/]+$/, 'a mount such as /notes'), name: string }),
      ),
      capabilities: CAPABILITIES,
    }),
    async then(answer, ctx) {
      const tabs = tabsOf(answer);
      const file = tabs.find((t) => t.filePath === ctx.path('notes.md'));
      expect(file, 'the opened file is listed').toBeDefined();
      expect(file?.filePath?.split('/').pop()).toBe('notes.md');
      // The seeds' title: notes for /path/to/notes.md.
      expect(file?.title).toBe('notes');
      const untitled = tabs.filter((t) => t.filePath === null);
      expect(untitled.length).toBeGreaterThan(0);
      expect(untitled.every((t) => /^Untitled-\d+$/.test(t.title ?? ''))).toBe(true);
      // workspace.new activates its tab: the untitled tab is the one the person sees.
      expect(untitled[untitled.length - 1].active).toBe(true);
      for (const w of answer.windows as { tabs: Tab[] }[])
        expect(w.tabs.filter((t) => t.active).length).toBeLessThanOrEqual(1);
      // Each tab, its title included, within the 170 bytes a tab may cost (issue 25 §1).
      for (const tab of [file, ...untitled]) {
        expect(Buffer.byteLength(`${JSON.stringify(tab)},`)).toBeLessThanOrEqual(170);
      }
      const read = await ctx.ok('document', { action: 'read', tabId: file?.id });
      expect((file as unknown as { revision: string }).revision).toBe(read.revision);
    },
  },
  {
    name: 'one window from a tab offset on, for an answer that was cut',
    tool: 'session',
    action: 'get_state',
    async args(ctx) {
      await ctx.open('first.md', 'First\n');
      await ctx.open('second.md', 'Second\n');
      return { windowLabel: 'main', tabOffset: 1 };
    },
    shape: object({
      windows: arrayOf(object({ label: literal('main'), tabs: arrayOf(TAB), tabsTotal: count })),
      capabilities: CAPABILITIES,
    }),
    async then(answer, ctx) {
      const whole = await ctx.ok('session', { action: 'get_state', windowLabel: 'main' });
      const [window] = answer.windows as { tabs: Tab[]; tabsTotal: number }[];
      expect(answer.windows).toHaveLength(1);
      expect(window.tabs).toEqual(tabsOf(whole).slice(1));
      expect(window.tabsTotal).toBe(tabsOf(whole).length);
    },
  },
  {
    name: "an unknown window → the seeds' INVALID_TAB, reason INVALID_WINDOW, naming the open ones",
    tool: 'session',
    action: 'get_state',
    args: async () => ({ windowLabel: 'doc-99' }),
    refusal: true,
    shape: refusalOf('INVALID_TAB', { reason: literal('INVALID_WINDOW') }),
    async then(answer) {
      expect(answer.message).toContain('doc-99');
      expect(answer.message).toContain('main');
    },
  },
];
