import { describe, expect, it } from 'vitest';
import { browserReadShape, browserShape } from './browserSchemas';
import { REFUSAL_MEANINGS, type RefusalCode } from './envelopes';
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
        const line = lines.find((l) => l.startsWith(`- ${action} `));
        expect(line, `${name}.${action}`).toBeDefined();
        expect(line, `${name}.${action} result`).toContain('→');
      }
    },
  );

  // The browser tools explain a loop, approvals and untrusted content besides their actions;
  // browser also runs and records workflows (three actions, six refusals of their own);
  // browser_read reports on them, says how a long extract is cut, how a read's lines go and how
  // it pages; both tell of page dialogs (DIALOG_OPEN), and browser of its keyboard, hover and
  // the dialog answer.
  const DESCRIPTION_LIMIT: Record<string, number> = { browser: 6_700, browser_read: 4_900 };
  it.each(TOOL_DEFINITIONS.map((tool) => [tool.name, tool] as const))(
    '%s keeps its description short',
    (name, tool) => {
      expect(tool.description.length).toBeGreaterThan(300);
      expect(tool.description.length).toBeLessThan(DESCRIPTION_LIMIT[name] ?? 3_000);
    },
  );

  // A finer cause is listed under the seeds' code a client receives in error, as its reason.
  it('explains the refusals each tool can answer, with their meanings', () => {
    const expected = {
      session: ['INVALID_TAB, reason INVALID_WINDOW', 'INTERNAL'],
      workspace: [
        'INVALID_TAB',
        'INVALID_TAB, reason INVALID_WINDOW',
        'INVALID_PATH',
        'INVALID_PATH, reason NOT_FOUND',
        'INVALID_PATH, reason NAME_CLASH',
        'INVALID_PATH, reason PERMISSION',
        'INVALID_PATH, reason TOO_LARGE',
        'APPROVAL_REQUIRED',
        'READ_ONLY',
        'INTERNAL',
      ],
      document: ['STALE', 'INVALID_TAB', 'READ_ONLY', 'INTERNAL'],
      workflow: ['INVALID_PATCH', 'NOT_WORKFLOW', 'STALE', 'INVALID_TAB', 'READ_ONLY', 'INTERNAL'],
      selection: ['INVALID_TAB', 'NO_EDITOR', 'STALE', 'READ_ONLY', 'INTERNAL'],
      browser: [
        'APPROVAL_REQUIRED',
        'BROWSER_DISABLED',
        'BROWSER_UNAVAILABLE',
        'TAB_NOT_FOUND',
        'TAB_LIMIT',
        'NAVIGATION_BLOCKED',
        'INVALID_URL',
        'NAVIGATION_FAILED',
        'NAVIGATION_SUPERSEDED',
        'TIMEOUT',
        'STALE_REF',
        'DIALOG_OPEN',
        'ATTACHMENT_REQUIRED',
        'SESSION_NOT_FOUND',
        'SESSION_ORIGIN_MISMATCH',
        'INVALID_WORKFLOW',
        'RUN_NOT_FOUND',
        'RUN_ALREADY_ACTIVE',
        'RESUME_NOT_PAUSED',
        'RESUME_TAB_MISMATCH',
        'RESUME_SOURCE_MISMATCH',
        'INVALID_ARGUMENT',
        'INTERNAL',
      ],
      // Their errors are plain sentences (reference: the desktop tools answer strings).
      coherence: [],
      coherence_resolve: [],
      browser_read: [
        'APPROVAL_REQUIRED',
        'BROWSER_DISABLED',
        'BROWSER_UNAVAILABLE',
        'TAB_NOT_FOUND',
        'STALE_REF',
        'DIALOG_OPEN',
        'TIMEOUT',
        'ATTACHMENT_REQUIRED',
        'ATTACHMENT_ONCE_INSUFFICIENT',
        'RUN_NOT_FOUND',
        'INVALID_ARGUMENT',
        'INTERNAL',
      ],
    } as const;
    for (const tool of TOOL_DEFINITIONS) {
      for (const head of expected[tool.name] as readonly string[]) {
        const code = (head.split(', reason ')[1] ?? head) as RefusalCode;
        expect(tool.description, `${tool.name} ${head}`).toContain(
          `- ${head}: ${REFUSAL_MEANINGS[code]}`,
        );
      }
      // The causes are never listed as codes of their own.
      expect(tool.description).not.toMatch(
        /^- (NOT_FOUND|NAME_CLASH|PERMISSION|TOO_LARGE|INVALID_WINDOW):/m,
      );
      expect(tool.description).toMatch(/plain sentence naming it/);
    }
  });

  it('gives the result shapes of SPEC §3–§4', () => {
    const [session, workspace, document] = TOOL_DEFINITIONS;
    expect(session.description).toContain(
      '{windows:[{label, focused, activeWorkspaceInstanceId|null, tabs:[{id, filePath, title, dirty, revision, kind, active, visible, readOnly?}]}], workspaces:[{root, name, access}], capabilities:{version, supportedKinds, mcpProtocol}}',
    );
    for (const shape of [
      '{tabId, workspaceInstanceId, activationChanged:false, workspaceSwitched:false, alreadyOpen, reloaded, reason?}',
      '{opened:true, folderPath}',
      '{filePath, revision}',
      '{revision, filePath}',
      '{closed:false, reason:"DIRTY"}',
      '{activated, workspaceSwitched, workspaceInstanceId, activeTabId}',
      'needsApproval:true',
    ]) {
      expect(workspace.description).toContain(shape);
    }
    expect(document.description).toContain('{content, revision, filePath, kind, dirty, tabId}');
    expect(document.description).toContain('{revision, saved, save_skipped?|save_error?}');
    expect(document.description).toContain('save_skipped:"opt_out"');
    expect(document.description).toContain('save_skipped:"untitled"');
    expect(document.description).toContain('{error:"STALE", message, current_revision}');
    expect(document.description).toContain('expected_revision');
    expect(document.description).toContain('current_revision');
  });

  it('says open runs in the background and switch_tab is what changes the view', () => {
    const workspace = TOOL_DEFINITIONS[1].description;
    expect(workspace).toMatch(/- open .*background/);
    expect(workspace).toMatch(/- switch_tab .*session\.get_state/);
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

  it('lists the eight IRPatch kinds of SPEC §6 and the workflow result shapes', () => {
    const workflow = TOOL_DEFINITIONS[3].description;
    for (const kind of [
      'workflow.set',
      'job.set',
      'step.set',
      'with.set',
      'with.remove',
      'needs.add',
      'needs.remove',
      'trigger.setFilters',
    ]) {
      expect(workflow).toContain(`kind:"${kind}"`);
    }
    expect(workflow).toContain('{ok, diagnostics:[{line, col, message, severity, kind}]');
    expect(TOOL_DEFINITIONS[4].description).toContain(
      '{text, isEmpty, range:{from, to}, mode, kind, tabId, revision}',
    );
    expect(TOOL_DEFINITIONS[4].description).toContain('{revision, replaced_chars}');
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

  it('teach the read → act → wait_for loop, refs versus role + name, and approvals', () => {
    expect(browser.description).toContain(
      'browser_read.read → browser.act → browser_read.wait_for',
    );
    expect(browser.description).toMatch(/ref.*granted.*role \+ name/s);
    for (const tool of [browser, read]) {
      expect(tool.description).toContain('needsApproval:true');
      expect(tool.description).toMatch(/retry the same call once/);
      expect(tool.description).toMatch(/untrusted/);
    }
    expect(browser.description).toMatch(/Never retry in a loop/);
    expect(browser.description).toMatch(/never feed it back as an act target/);
  });

  it('give the result shapes the seeds promise', () => {
    for (const shape of [
      '{tabId, navigationId, url, title, generation}',
      '{found, clicked|hovered|typed|scrolled|pressed, matchedTotal, matchedVisible, url, generation, dialog?}',
      '{result, untrusted:true}',
      '{loaded:true, handle}',
      '{entries:[{level, text}], url}',
    ]) {
      expect(browser.description).toContain(shape);
    }
    for (const shape of [
      '{url, page, total, nextOffset?',
      'snapshot:[{role, name, ref',
      '{count, truncated, elements:[{ref, tag, text, attributes?, box?, styles?}]}',
      '{title, byline, url, markdown, textLength, truncated}',
      '{entries:[{level, text}], url}',
      '{matched:true, url, ref?}',
      'image (JPEG)',
    ]) {
      expect(read.description).toContain(shape);
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
      'when a document is too large, the result is truncated and says so',
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
