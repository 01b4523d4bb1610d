/** Contract rows of `workflow`: apply_patch, validate, and their refusals. */
import { expect } from '@playwright/test';
import { STALE, refusalOf } from './common';
import type { ContractRow } from './context';
import {
  arrayOf,
  boolean,
  literal,
  nonEmptyString,
  object,
  oneOf,
  positiveInt,
  revision,
} from './shapes';

const CI = [
  'name: CI',
  'on:',
  '  push:',
  'jobs:',
  '  build:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - run: echo hi',
  '',
].join('\n');

/** A workflow actionlint finds fault with: an expression names a context that does not exist. */
const BROKEN = CI.replace('echo hi', 'echo ${{ nothing.here }}');

export const workflowRows: ContractRow[] = [
  {
    name: 'a patch applied, the tab left unsaved',
    tool: 'workflow',
    action: 'apply_patch',
    async args(ctx) {
      const tab = await ctx.open('.github/workflows/ci.yml', CI);
      return {
        tabId: tab,
        patches: [{ kind: 'workflow.set', path: 'name', value: 'Build' }],
        expected_revision: await ctx.revisionOf(tab),
      };
    },
    shape: object({ revision }),
    async then(answer, ctx, args) {
      const read = await ctx.ok('document', { action: 'read', tabId: args.tabId });
      expect(read).toMatchObject({ revision: answer.revision, dirty: true });
      expect(read.content).toBe(CI.replace('name: CI', 'name: Build'));
      expect(answer.revision).not.toBe(args.expected_revision);
    },
  },
  {
    name: 'a patch with an older expected_revision → STALE',
    tool: 'workflow',
    action: 'apply_patch',
    async args(ctx) {
      const tab = await ctx.open('.github/workflows/ci.yml', CI);
      const old = await ctx.revisionOf(tab);
      await ctx.ok('workflow', {
        action: 'apply_patch',
        tabId: tab,
        patches: [{ kind: 'workflow.set', path: 'name', value: 'First' }],
      });
      return {
        tabId: tab,
        patches: [{ kind: 'workflow.set', path: 'name', value: 'Second' }],
        expected_revision: old,
      };
    },
    refusal: true,
    shape: STALE,
  },
  {
    name: 'a patch naming a job that does not exist → INVALID_PATCH',
    tool: 'workflow',
    action: 'apply_patch',
    async args(ctx) {
      const tab = await ctx.open('.github/workflows/ci.yml', CI);
      return {
        tabId: tab,
        patches: [{ kind: 'job.set', jobId: 'deploy', path: 'runs-on', value: 'x' }],
      };
    },
    refusal: true,
    shape: refusalOf('INVALID_PATCH'),
  },
  {
    name: 'actionlint findings with line, column, message and severity',
    tool: 'workflow',
    action: 'validate',
    args: async (ctx) => ({ tabId: await ctx.open('.github/workflows/broken.yml', BROKEN) }),
    shape: object({
      ok: literal(false),
      diagnostics: arrayOf(
        object({
          line: positiveInt,
          col: positiveInt,
          message: nonEmptyString,
          severity: oneOf('error', 'warning'),
        }),
        { min: 1 },
      ),
      binaryAvailable: boolean,
    }),
    async then(answer) {
      const [first] = answer.diagnostics as { line: number; message: string }[];
      expect(first.line).toBe(8);
      expect(first.message).toContain('nothing');
    },
  },
  {
    name: 'a clean workflow',
    tool: 'workflow',
    action: 'validate',
    args: async (ctx) => ({ tabId: await ctx.open('.github/workflows/ci.yml', CI) }),
    shape: object({ ok: literal(true), diagnostics: literal([]), binaryAvailable: literal(true) }),
  },
  {
    name: 'a markdown tab → NOT_WORKFLOW',
    tool: 'workflow',
    action: 'validate',
    args: async (ctx) => ({ tabId: await ctx.open('note.md', '# Note\n') }),
    refusal: true,
    shape: refusalOf('NOT_WORKFLOW'),
  },
];
