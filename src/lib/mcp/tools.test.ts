import { describe, expect, it } from 'vitest';
import { browserReadShape, browserShape } from './browserSchemas';
import { SERVER_INFO, SERVER_INSTRUCTIONS } from './instructions';
import {
  documentShape,
  selectionShape,
  sessionShape,
  workflowShape,
  workspaceShape,
} from './schemas';
import { TOOL_DEFINITIONS } from './tools';
import { coherenceResolveShape, coherenceShape } from './coherenceTools';

/** SPEC §1: readOnly, destructive, idempotent, openWorld. */
const SPEC_HINTS = {
  session: [true, false, true, false],
  workspace: [false, true, false, true],
  document: [false, true, false, false],
  workflow: [false, true, false, false],
  selection: [false, true, false, false],
  browser: [false, true, false, true],
  browser_read: [true, false, true, true],
  coherence: [true, false, true, false],
  coherence_resolve: [false, true, false, false],
} as const;

const ACTIONS: Record<string, readonly string[]> = {
  session: sessionShape.action.options,
  workspace: workspaceShape.action.options,
  document: documentShape.action.options,
  workflow: workflowShape.action.options,
  selection: selectionShape.action.options,
  browser: browserShape.action.options,
  browser_read: browserReadShape.action.options,
  coherence: coherenceShape.action.options,
  coherence_resolve: coherenceResolveShape.action.options,
};

describe('TOOL_DEFINITIONS', () => {
  it('lists session, workspace, document, workflow, selection, browser, browser_read, coherence, coherence_resolve in that order', () => {
    expect(TOOL_DEFINITIONS.map((tool) => tool.name)).toEqual([
      'session',
      'workspace',
      'document',
      'workflow',
      'selection',
      'browser',
      'browser_read',
      'coherence',
      'coherence_resolve',
    ]);
  });

  it('gives every tool its title', () => {
    expect(TOOL_DEFINITIONS.map((tool) => tool.title)).toEqual([
      'VMark Session State',
      'VMark Workspace and Files',
      'VMark Document Read/Write',
      'VMark GitHub Actions Workflow',
      'VMark Selection',
      'VMark Browser',
      'VMark Browser Read',
      'VMark Coherence (read)',
      'VMark Coherence (resolve)',
    ]);
  });

  it('uses the shapes from schemas.ts', () => {
    expect(TOOL_DEFINITIONS.map((tool) => tool.inputSchema)).toEqual([
      sessionShape,
      workspaceShape,
      documentShape,
      workflowShape,
      selectionShape,
      browserShape,
      browserReadShape,
      coherenceShape,
      coherenceResolveShape,
    ]);
  });

  it.each(TOOL_DEFINITIONS.map((tool) => [tool.name, tool] as const))(
    '%s sets all four hints as booleans, as SPEC §1 says',
    (name, tool) => {
      const { annotations } = tool;
      expect(Object.keys(annotations).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
      for (const value of Object.values(annotations)) expect(typeof value).toBe('boolean');
      expect([
        annotations.readOnlyHint,
        annotations.destructiveHint,
        annotations.idempotentHint,
        annotations.openWorldHint,
      ]).toEqual(SPEC_HINTS[name]);
    },
  );

  it('never calls a read-only tool destructive', () => {
    for (const { annotations } of TOOL_DEFINITIONS) {
      if (annotations.readOnlyHint) expect(annotations.destructiveHint).toBe(false);
    }
  });

  it.each(TOOL_DEFINITIONS.map((tool) => [tool.name, tool] as const))(
    '%s describes each of its actions on its own line',
    (name, tool) => {
      const lines = tool.description.split('\n');
      for (const action of ACTIONS[name]) {
        const line = lines.find(
          (l) => l.startsWith(`- ${action} `) || l.startsWith(`- ${action}:`),
        );
        expect(line, `${name}.${action}`).toBeDefined();
      }
    },
  );

  // Each description says what the tool is for and when to use which action; what holds for every
  // tool (revisions, approvals, refusals) is in the instructions, and surface.test.ts holds the
  // whole surface to its budget. These bounds keep one tool from taking the others' share.
  const DESCRIPTION_LIMIT: Record<string, number> = { browser: 2_000, browser_read: 1_200 };
  it.each(TOOL_DEFINITIONS.map((tool) => [tool.name, tool] as const))(
    '%s keeps its description short',
    (name, tool) => {
      expect(tool.description.length).toBeGreaterThan(250);
      expect(tool.description.length).toBeLessThan(DESCRIPTION_LIMIT[name] ?? 1_100);
    },
  );

  it('names what a model passes on to its next call (SPEC §3–§4)', () => {
    const [session, workspace, document] = TOOL_DEFINITIONS;
    expect(session.description).toContain('tabId');
    expect(session.description).toContain('nextTabOffset');
    expect(session.description).toContain('tabOffset');
    for (const phrase of [
      'new {kind?, windowLabel?} → {tabId}',
      'open {filePath, windowLabel?} → {tabId',
      'open_workspace {folderPath}',
      'save_as {filePath, tabId?}',
      '{closed:false, reason:"DIRTY"}',
      'force:true',
    ]) {
      expect(workspace.description).toContain(phrase);
    }
    for (const phrase of [
      'read → {content, revision',
      'write {content, expected_revision?, save?} → {revision, saved',
      'save:false',
      'save_skipped',
      'save_error',
      'transform {kind, expected_revision?} → {revision, changed}',
    ]) {
      expect(document.description).toContain(phrase);
    }
  });

  it('says open runs in the background and switch_tab is what changes the view', () => {
    const workspace = TOOL_DEFINITIONS[1].description;
    expect(workspace).toMatch(/- open .*background/);
    expect(workspace).toMatch(/- switch_tab .*the only action that changes what the person sees/);
  });

  it('names only tools that exist', () => {
    const names = new Set<string>(TOOL_DEFINITIONS.map((tool) => tool.name));
    const spec = ['browser_read', 'browser', 'coherence_resolve', 'coherence', ...names];
    for (const tool of TOOL_DEFINITIONS) {
      for (const name of spec) {
        if (new RegExp(`\\b${name}\\.[a-z_]+\\b`).test(tool.description)) {
          expect(names.has(name), `${tool.name} names ${name}`).toBe(true);
        }
      }
    }
  });

  it('lists the eight IRPatch kinds of SPEC §6 and what the workflow and selection actions answer', () => {
    const workflow = TOOL_DEFINITIONS[3].description;
    const patches = workflow.slice(workflow.indexOf('IRPatch {kind'));
    // Each kind with the fields SPEC §6 gives it, on a line of its own (or sharing one with a
    // kind that takes the same fields).
    for (const [kind, fields] of [
      ['workflow.set', 'path, value'],
      ['job.set', 'jobId, path, value'],
      ['step.set', 'jobId, stepIndex, path, value'],
      ['with.set', 'jobId, stepIndex, key, value'],
      ['with.remove', 'jobId, stepIndex, key'],
      ['needs.add', 'jobId, ref'],
      ['needs.remove', 'jobId, ref'],
      ['trigger.setFilters', 'event, filter, value'],
    ]) {
      const line = patches.split('\n').find((l) => l.startsWith('- ') && l.includes(kind));
      expect(line, kind).toMatch(
        new RegExp(`^- (\\S+, )*${kind.replace('.', '\\.')}(, \\S+)* \\{${fields}\\}`),
      );
    }
    expect(workflow).toContain('apply_patch {patches, expected_revision?} → {revision}');
    expect(workflow).toContain('validate → {ok, diagnostics');
    const selection = TOOL_DEFINITIONS[4].description;
    expect(selection).toContain('get → {text, range, mode, revision');
    expect(selection).toContain('→ {revision, replaced_chars}');
  });
});

describe('the browser tools', () => {
  const browser = TOOL_DEFINITIONS[5];
  const read = TOOL_DEFINITIONS[6];

  it('list the actions of SPEC §1', () => {
    expect(browserShape.action.options).toEqual([
      'act',
      'workflow_run',
      'workflow_cancel',
      'workflow_record',
      'open',
      'navigate',
      'style',
      'execute_js',
      'session_save',
      'session_load',
      'console_clear',
    ]);
    expect(browserReadShape.action.options).toEqual([
      'read',
      'screenshot',
      'query',
      'extract',
      'workflow_status',
      'console',
      'wait',
      'wait_for',
    ]);
  });

  it('teach the read → act → wait_for loop, refs versus role + name, and what asks every time', () => {
    expect(browser.description).toContain(
      'browser_read.read → browser.act → browser_read.wait_for',
    );
    expect(browser.description).toMatch(/ref.*granted.*role \+ name/s);
    expect(browser.description).toMatch(
      /execute_js, sessions and recording ask the person every time/,
    );
    expect(browser.description).toContain('all but open take tabId?');
  });

  it('name what a model passes on to its next call', () => {
    for (const phrase of [
      'open {url, timeoutMs?} → {tabId, navigationId',
      'navigate {url, timeoutMs?}',
      'workflow_run {source, inputs?, allowRepeat?, resumeRunId?} → {runId',
      'workflow_cancel {runId}',
      'resumeRunId',
    ]) {
      expect(browser.description).toContain(phrase);
    }
    for (const phrase of [
      'read {offset?, role?, nameContains?, format?} → {url, page, total, nextOffset?}',
      'format:"nodes"',
      'wait {navigationId?, timeoutMs?}',
      '→ {matched',
      'workflow_status {runId}',
      'JPEG',
    ]) {
      expect(read.description).toContain(phrase);
    }
  });
});

describe('SERVER_INSTRUCTIONS', () => {
  it('is between 500 and 4000 characters', () => {
    expect(SERVER_INSTRUCTIONS.length).toBeGreaterThanOrEqual(500);
    expect(SERVER_INSTRUCTIONS.length).toBeLessThanOrEqual(4_000);
  });

  it('covers orientation, revisions, paths, approvals and size', () => {
    for (const phrase of [
      'session.get_state',
      'expected_revision',
      'STALE',
      '/<mount>/<rest>',
      '/notes',
      'needsApproval',
      'APPROVAL_REQUIRED',
      'Never retry in a loop',
      'An answer too large is truncated and says so',
      'a plain sentence naming it',
      'untrusted',
    ]) {
      expect(SERVER_INSTRUCTIONS, phrase).toContain(phrase);
    }
  });

  it('only names tools that exist', () => {
    const names = new Set(TOOL_DEFINITIONS.map((tool) => tool.name));
    for (const [, tool] of SERVER_INSTRUCTIONS.matchAll(/\b([a-z_]+)\.[a-z_]+\b/g)) {
      expect(names.has(tool as 'session'), tool).toBe(true);
    }
  });
});

describe('SERVER_INFO', () => {
  it('names the server', () => {
    expect(SERVER_INFO).toEqual({ name: 'vmark-web', version: '0.1.0' });
  });
});
