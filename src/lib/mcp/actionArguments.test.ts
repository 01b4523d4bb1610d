import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACTION_ARGUMENTS, strictInput, untakenArguments } from './actionArguments';
import { TOOL_DEFINITIONS } from './tools';

describe('untakenArguments', () => {
  it('refuses what an editor action does not take, naming it and what it takes', () => {
    expect(untakenArguments('document', { action: 'write', content: 'x', line: 3 })).toBe(
      'write does not take line; it takes tabId, content, expected_revision, save, section, startLine, endLine.',
    );
    expect(untakenArguments('document', { action: 'read', tabId: 't', save: false })).toBe(
      'read does not take save; it takes tabId, view, section, startLine, endLine, startColumn, find, regex.',
    );
    expect(
      untakenArguments('document', { action: 'transform', kind: 'cjk-format', save: true }),
    ).toBe('transform does not take save; it takes tabId, kind, expected_revision.');
    expect(
      untakenArguments('workspace', {
        action: 'open_workspace',
        folderPath: '/x',
        windowLabel: 'main',
      }),
    ).toBe('open_workspace does not take windowLabel; it takes folderPath.');
    expect(untakenArguments('workspace', { action: 'close', tabId: 't', filePath: '/a.md' })).toBe(
      'close does not take filePath; it takes tabId, force.',
    );
    expect(untakenArguments('workspace', { action: 'new', force: true, tabId: 't' })).toBe(
      'new does not take force, tabId; it takes kind, windowLabel.',
    );
    expect(untakenArguments('session', { action: 'get_state', tabId: 't' })).toBe(
      'get_state does not take tabId; it takes windowLabel, tabOffset.',
    );
    expect(untakenArguments('workflow', { action: 'validate', patches: [] })).toBe(
      'validate does not take patches; it takes tabId.',
    );
    expect(untakenArguments('selection', { action: 'get', content: '' })).toBe(
      'get does not take content; it takes tabId.',
    );
    expect(untakenArguments('coherence_resolve', { action: 'resolve', tabId: 't' })).toMatch(
      /^resolve does not take tabId; it takes workspace_root, txf, input, resolution, reason\.$/,
    );
  });

  it('refuses what a browser action does not take, as the browser tools always did', () => {
    expect(
      untakenArguments('browser', { action: 'open', url: 'https://a.example', tabId: 't1' }),
    ).toBe('open does not take tabId; it takes url, timeoutMs.');
    expect(untakenArguments('browser_read', { action: 'read', role: 'button', name: 'Save' })).toBe(
      'read does not take name; it takes tabId, offset, role, nameContains, format.',
    );
    for (const [action, extra] of [
      ['wait_for', { text: 'Done', offset: 3 }],
      ['query', { selector: 'a', format: 'page' }],
      ['screenshot', { nameContains: 'x' }],
      ['extract', { offset: 0 }],
    ] as const) {
      const key = Object.keys(extra).find((k) => k !== 'text' && k !== 'selector');
      expect(untakenArguments('browser_read', { action, ...extra })).toMatch(
        new RegExp(`^${action} does not take ${key};`),
      );
    }
  });

  it('lets through what the action takes, absent values and unknown actions (the schema names those)', () => {
    expect(
      untakenArguments('document', {
        action: 'write',
        tabId: 't',
        content: 'x',
        expected_revision: 'rev-AAAAAAAA',
        save: false,
      }),
    ).toBeNull();
    expect(untakenArguments('document', { action: 'read', content: undefined })).toBeNull();
    expect(untakenArguments('document', { action: 'delete', line: 3 })).toBeNull();
    expect(untakenArguments('document', { action: 'toString', line: 3 })).toBeNull();
  });

  it('counts a null as given', () => {
    expect(untakenArguments('document', { action: 'read', content: null })).toBe(
      'read does not take content; it takes tabId, view, section, startLine, endLine, startColumn, find, regex.',
    );
  });
});

describe('ACTION_ARGUMENTS', () => {
  it("covers every action of every tool, with only names of the tool's own shape", () => {
    for (const tool of TOOL_DEFINITIONS) {
      const shape = tool.inputSchema as z.ZodRawShape;
      const actions = (shape.action as unknown as { options: string[] }).options;
      const table = ACTION_ARGUMENTS[tool.name] as Record<string, readonly string[]>;
      expect(Object.keys(table).sort(), tool.name).toEqual([...actions].sort());
      const named = new Set(Object.values(table).flat());
      // Every argument of the shape is taken by some action, and nothing else is.
      expect([...named].sort(), tool.name).toEqual(
        Object.keys(shape)
          .filter((key) => key !== 'action')
          .sort(),
      );
    }
  });
});

describe('strictInput', () => {
  const document = TOOL_DEFINITIONS[2];
  const schema = strictInput(document.name, document.inputSchema);

  it('refuses a name the tool does not know with the same sentence', () => {
    const r = schema.safeParse({ action: 'write', content: 'x', line: 3 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((issue) => issue.message)).toEqual([
      'write does not take line; it takes tabId, content, expected_revision, save, section, startLine, endLine.',
    ]);
  });

  it('names every argument the action does not take, known to the tool or not', () => {
    const r = schema.safeParse({ action: 'read', content: 'x', line: 3 });
    expect(r.error?.issues.map((issue) => issue.message)).toEqual([
      'read does not take content, line; it takes tabId, view, section, startLine, endLine, startColumn, find, regex.',
    ]);
  });

  it('still parses what the tool takes, and is strict in JSON Schema', () => {
    expect(schema.parse({ action: 'read', tabId: ' t ' })).toEqual({ action: 'read', tabId: 't' });
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ additionalProperties: false });
  });
});
