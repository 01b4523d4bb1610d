import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EXPECTED_REVISION_MESSAGE,
  TAB_ID_MESSAGE,
  TAB_OFFSET_MESSAGE,
  WINDOW_LABEL_MESSAGE,
  documentShape,
  sessionShape,
  workflowShape,
  workspaceShape,
  type DocumentArgs,
  type WorkspaceArgs,
} from './schemas';

const session = z.object(sessionShape);
const workspace = z.object(workspaceShape);
const document = z.object(documentShape);

/** The messages of a refused input, each with its argument name. */
function refusals(schema: z.ZodType, input: unknown): Array<{ path: string; message: string }> {
  const parsed = schema.safeParse(input);
  expect(parsed.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  return (parsed.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('action', () => {
  it('is required by every tool', () => {
    for (const schema of [session, workspace, document]) {
      expect(refusals(schema, {})).toEqual([
        { path: 'action', message: expect.stringMatching(/^action must be one of: /) },
      ]);
    }
  });

  it('refuses an unknown action, naming the choices', () => {
    expect(refusals(document, { action: 'delete' })).toEqual([
      { path: 'action', message: 'action must be one of: read, write, transform' },
    ]);
    expect(refusals(session, { action: 'get' })).toEqual([
      { path: 'action', message: 'action must be one of: get_state' },
    ]);
    expect(refusals(workspace, { action: 'rename' })[0].message).toBe(
      'action must be one of: new, open, open_workspace, save, save_as, close, switch_tab, focus_window',
    );
  });

  it('accepts every listed action', () => {
    expect(session.parse({ action: 'get_state' })).toEqual({ action: 'get_state' });
    for (const action of sessionShape.action.options) {
      expect(session.safeParse({ action }).success).toBe(true);
    }
    for (const action of workspaceShape.action.options) {
      expect(workspace.safeParse({ action }).success).toBe(true);
    }
    for (const action of documentShape.action.options) {
      expect(document.safeParse({ action }).success).toBe(true);
    }
  });

  it('refuses a non-string action', () => {
    expect(refusals(document, { action: 3 })[0].path).toBe('action');
  });
});

describe('tabId', () => {
  it.each(['', ' ', '   ', '\t\n'])('refuses blank %j with the sentence', (tabId) => {
    for (const schema of [workspace, document]) {
      expect(refusals(schema, { action: schema === workspace ? 'save' : 'read', tabId })).toEqual([
        { path: 'tabId', message: TAB_ID_MESSAGE },
      ]);
    }
  });

  it('uses the exact sentence', () => {
    expect(TAB_ID_MESSAGE).toBe(
      'tabId must be a non-empty tab id — omit it to use the focused tab',
    );
  });

  it.each([null, 7, false, ['t1']])('refuses a non-string %j', (tabId) => {
    expect(refusals(document, { action: 'read', tabId })).toEqual([
      { path: 'tabId', message: TAB_ID_MESSAGE },
    ]);
  });

  it('is optional', () => {
    expect(document.parse({ action: 'read' })).not.toHaveProperty('tabId');
  });

  it('is trimmed', () => {
    expect(document.parse({ action: 'read', tabId: '  tab-3 ' }).tabId).toBe('tab-3');
  });
});

describe('expected_revision', () => {
  it.each(['', ' ', '\t'])('refuses blank %j with the sentence', (expected_revision) => {
    expect(refusals(document, { action: 'write', content: 'x', expected_revision })).toEqual([
      { path: 'expected_revision', message: EXPECTED_REVISION_MESSAGE },
    ]);
  });

  it('uses the exact sentence', () => {
    expect(EXPECTED_REVISION_MESSAGE).toBe(
      'expected_revision must be a non-empty revision string when provided — omit it to write unconditionally',
    );
  });

  it('refuses a non-string', () => {
    expect(refusals(document, { action: 'write', content: 'x', expected_revision: 12 })).toEqual([
      { path: 'expected_revision', message: EXPECTED_REVISION_MESSAGE },
    ]);
  });

  it('passes a revision through verbatim', () => {
    const args = document.parse({
      action: 'write',
      content: 'x',
      expected_revision: 'rev-Ab3dE6gH',
    });
    expect(args.expected_revision).toBe('rev-Ab3dE6gH');
    expect(document.parse({ action: 'read', expected_revision: ' rev-1 ' }).expected_revision).toBe(
      ' rev-1 ',
    );
  });

  it('is optional', () => {
    expect(document.parse({ action: 'write', content: 'x' })).not.toHaveProperty(
      'expected_revision',
    );
  });
});

describe('filePath and folderPath', () => {
  it('are never trimmed', () => {
    const args: WorkspaceArgs = workspace.parse({
      action: 'open',
      filePath: ' /notes/with spaces.md ',
      folderPath: '/Docs/trailing ',
    });
    expect(args.filePath).toBe(' /notes/with spaces.md ');
    expect(args.folderPath).toBe('/Docs/trailing ');
  });

  it('refuse an empty string, naming the argument', () => {
    expect(refusals(workspace, { action: 'open', filePath: '' })).toEqual([
      { path: 'filePath', message: expect.stringMatching(/^filePath must be a non-empty/) },
    ]);
    expect(refusals(workspace, { action: 'open_workspace', folderPath: '' })).toEqual([
      { path: 'folderPath', message: expect.stringMatching(/^folderPath must be a non-empty/) },
    ]);
  });

  it('leave a whitespace-only path to the app (INVALID_PATH there)', () => {
    expect(workspace.parse({ action: 'open', filePath: ' ' }).filePath).toBe(' ');
  });

  it('refuse a non-string', () => {
    expect(refusals(workspace, { action: 'open', filePath: 5 })[0].path).toBe('filePath');
  });
});

describe('windowLabel', () => {
  it('refuses blank with the sentence', () => {
    expect(refusals(workspace, { action: 'focus_window', windowLabel: ' ' })).toEqual([
      { path: 'windowLabel', message: WINDOW_LABEL_MESSAGE },
    ]);
  });

  it('is trimmed and optional', () => {
    expect(workspace.parse({ action: 'focus_window', windowLabel: ' doc-2' }).windowLabel).toBe(
      'doc-2',
    );
    expect(workspace.parse({ action: 'new' })).not.toHaveProperty('windowLabel');
  });
});

describe('workspace kind and force', () => {
  it('accepts the two document kinds', () => {
    expect(workspace.parse({ action: 'new', kind: 'yaml-workflow' }).kind).toBe('yaml-workflow');
    expect(workspace.parse({ action: 'new', kind: 'markdown' }).kind).toBe('markdown');
  });

  it('refuses another kind', () => {
    expect(refusals(workspace, { action: 'new', kind: 'text' })).toEqual([
      { path: 'kind', message: 'kind must be one of: markdown, yaml-workflow' },
    ]);
  });

  it('takes force as a boolean only', () => {
    expect(workspace.parse({ action: 'close', tabId: 't', force: true }).force).toBe(true);
    expect(refusals(workspace, { action: 'close', tabId: 't', force: 'true' })).toEqual([
      { path: 'force', message: 'force must be a boolean (true or false)' },
    ]);
  });
});

describe('document', () => {
  // Left out, not defaulted: the handler reads a missing save as true, and an action that does
  // not take save can tell that the client gave one.
  it('leaves save out when it is not given', () => {
    const args: DocumentArgs = document.parse({ action: 'write', content: 'hello' });
    expect(args).toEqual({ action: 'write', content: 'hello' });
  });

  it('keeps save false', () => {
    expect(document.parse({ action: 'write', content: '', save: false }).save).toBe(false);
  });

  it.each(['false', 'true', 0, 1, null])('refuses save %j', (save) => {
    expect(refusals(document, { action: 'write', content: 'x', save })).toEqual([
      { path: 'save', message: expect.stringMatching(/^save must be a boolean/) },
    ]);
  });

  it('keeps content verbatim, empty included', () => {
    const content = '  # Title\r\n\n\tbody  \n';
    expect(document.parse({ action: 'write', content }).content).toBe(content);
    expect(document.parse({ action: 'write', content: '' }).content).toBe('');
  });

  it('refuses non-string content', () => {
    expect(refusals(document, { action: 'write', content: { text: 'x' } })).toEqual([
      { path: 'content', message: expect.stringMatching(/^content must be a string/) },
    ]);
  });

  it('accepts the three transform kinds and refuses others', () => {
    for (const kind of ['cjk-format', 'cjk-spacing', 'cjk-punctuation']) {
      expect(document.parse({ action: 'transform', kind }).kind).toBe(kind);
    }
    expect(refusals(document, { action: 'transform', kind: 'markdown' })).toEqual([
      { path: 'kind', message: 'kind must be one of: cjk-format, cjk-spacing, cjk-punctuation' },
    ]);
  });

  it('reports every bad argument at once', () => {
    const paths = refusals(document, { action: 'write', tabId: '', save: 'no' }).map((r) => r.path);
    expect(paths.sort()).toEqual(['save', 'tabId']);
  });
});

describe('JSON Schema seen by clients', () => {
  const schemaOf = (shape: z.ZodRawShape) =>
    z.toJSONSchema(z.object(shape), { io: 'input' }) as {
      required?: string[];
      properties: Record<string, Record<string, unknown>>;
    };

  it('shows save with default true and not required', () => {
    const schema = schemaOf(documentShape);
    expect(schema.properties.save).toMatchObject({ type: 'boolean', default: true });
    expect(schema.required).toEqual(['action']);
  });

  it('shows the action enum and min lengths', () => {
    const schema = schemaOf(workspaceShape);
    expect(schema.properties.action.enum).toEqual([...workspaceShape.action.options]);
    expect(schema.properties.tabId).toMatchObject({ type: 'string', minLength: 1 });
    expect(schema.properties.filePath).toMatchObject({ type: 'string', minLength: 1 });
    expect(schema.required).toEqual(['action']);
  });

  // Issue 25 §4: a description only where the name and the schema do not say it; what holds for
  // every tool (tabId, windowLabel, expected_revision) is said once, in the instructions.
  it('describes only the arguments whose name and type do not say what they are', () => {
    for (const shape of [sessionShape, workspaceShape, documentShape] as z.ZodRawShape[]) {
      for (const [name, property] of Object.entries(schemaOf(shape).properties)) {
        expect(property.description, name).toBeUndefined();
      }
    }
    const patches = schemaOf(workflowShape).properties.patches;
    expect(Object.keys(patches)).toEqual(['description']);
    expect(patches.description).toMatch(/IRPatch/);
  });
});

describe('session.get_state paging', () => {
  it('takes windowLabel and tabOffset, both optional', () => {
    expect(session.parse({ action: 'get_state', windowLabel: ' main ', tabOffset: 510 })).toEqual({
      action: 'get_state',
      windowLabel: 'main',
      tabOffset: 510,
    });
    expect(session.parse({ action: 'get_state', tabOffset: 0 })).toEqual({
      action: 'get_state',
      tabOffset: 0,
    });
  });

  it('refuses a tabOffset that is not a whole number ≥ 0, and a blank windowLabel', () => {
    for (const tabOffset of [-1, 1.5, '10', null]) {
      expect(refusals(session, { action: 'get_state', tabOffset })).toEqual([
        { path: 'tabOffset', message: TAB_OFFSET_MESSAGE },
      ]);
    }
    expect(refusals(session, { action: 'get_state', windowLabel: ' ' })).toEqual([
      { path: 'windowLabel', message: WINDOW_LABEL_MESSAGE },
    ]);
  });
});
