/**
 * `document` on part of a tab (issue 28) against the core's host over files in memory: the
 * outline, line and section reads in pages, search, and section and range writes with their
 * refusals. A regular expression runs in a window's worker; here the window is a test agent.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createTestHost, type EditorAgent } from '../worker/testHost';
import { compilePattern, findLines } from '../text/parts/findLines';
import type { DocumentArgs } from '../mcp';
import { documentTool } from './documentTool';
import { workspaceTool } from './workspaceTool';

function data(r: CallToolResult): Record<string, unknown> {
  return { isError: r.isError === true, ...r.structuredContent };
}

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;

const NOTE = [
  '# Guide',
  'Intro.',
  '## Install',
  'Run it.',
  '## Use',
  'Use it.',
  '# Appendix',
  '## Install',
  'Again.',
  '',
].join('\r\n');

type Host = ReturnType<typeof createTestHost>;

/** `document.write` on the tab with these arguments, as a client gets it. */
async function write(t: Host, tabId: string, args: Omit<DocumentArgs, 'action' | 'tabId'>) {
  return documentTool(t.host, { action: 'write', tabId, ...args });
}

async function open(path = '/notes/guide.md', body = NOTE) {
  const t = createTestHost();
  t.files.put(path, body);
  const opened = data(await workspaceTool(t.host, { action: 'open', filePath: path }, 'test'));
  const tabId = opened.tabId as string;
  const revision = t.host.tab(tabId)!.revision;
  return { t, tabId, revision };
}

describe('document.read on part of a tab', () => {
  it('answers the outline with paths, lines and sizes', async () => {
    const { t, tabId, revision } = await open();
    const r = data(await documentTool(t.host, { action: 'read', tabId, view: 'outline' }));
    expect(r).toMatchObject({ isError: false, revision, totalLines: 9 });
    const lf = NOTE.replaceAll('\r\n', '\n').split('\n');
    // A section's size: the UTF-8 bytes of its lines, line breaks included.
    const size = (from: number, to: number) =>
      new TextEncoder().encode(`${lf.slice(from - 1, to).join('\n')}\n`).length;
    expect(r.outline).toEqual([
      { level: 1, text: 'Guide', path: 'Guide', startLine: 1, endLine: 6, bytes: size(1, 6) },
      { level: 2, text: 'Install', path: 'Guide > Install', startLine: 3, endLine: 4, bytes: 19 },
      { level: 2, text: 'Use', path: 'Guide > Use', startLine: 5, endLine: 6, bytes: 15 },
      { level: 1, text: 'Appendix', path: 'Appendix', startLine: 7, endLine: 9, bytes: size(7, 9) },
      {
        level: 2,
        text: 'Install',
        path: 'Appendix > Install',
        startLine: 8,
        endLine: 9,
        bytes: 18,
      },
    ]);
  });

  it('reads a section by its path and lines by number, with the revision', async () => {
    const { t, tabId, revision } = await open();
    const section = data(
      await documentTool(t.host, { action: 'read', tabId, section: 'Guide > Use' }),
    );
    expect(section).toMatchObject({
      content: '## Use\nUse it.',
      startLine: 5,
      endLine: 6,
      totalLines: 9,
      revision,
    });
    const lines = data(await documentTool(t.host, { action: 'read', tabId, startLine: 8 }));
    expect(lines).toMatchObject({ content: '## Install\nAgain.', startLine: 8, endLine: 9 });
    expect(lines).not.toHaveProperty('nextLine');
  });

  it('refuses a path several sections have, listing them, and one none has', async () => {
    const { t, tabId } = await open();
    const several = data(await documentTool(t.host, { action: 'read', tabId, section: 'Install' }));
    expect(several).toMatchObject({ isError: true, error: 'INVALID_ARGUMENT' });
    expect((several.candidates as { path: string }[]).map((c) => c.path)).toEqual([
      'Guide > Install',
      'Appendix > Install',
    ]);
    const none = data(await documentTool(t.host, { action: 'read', tabId, section: 'Nope' }));
    expect(none).toMatchObject({ isError: true, error: 'INVALID_ARGUMENT', candidates: [] });
  });

  it('refuses lines outside the document with its totalLines', async () => {
    const { t, tabId } = await open();
    const r = data(await documentTool(t.host, { action: 'read', tabId, startLine: 10 }));
    expect(r).toMatchObject({ isError: true, error: 'INVALID_ARGUMENT', totalLines: 9 });
    expect(String(r.message)).toContain('9 lines');
  });

  it('refuses arguments that do not go together with a sentence', async () => {
    const { t, tabId } = await open();
    for (const [args, phrase] of [
      [{ view: 'outline', find: 'x' }, 'view and find'],
      [{ regex: true }, 'regex goes with find'],
      [{ endLine: 3 }, 'endLine goes with startLine'],
      [{ find: '' }, 'find must not be empty'],
      [{ find: '(', regex: true }, 'not a valid regular expression'],
    ] as const) {
      const r = await documentTool(t.host, { action: 'read', tabId, ...args });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toBeUndefined();
      expect(text(r)).toContain(phrase);
    }
  });

  it('pages a 1 MB note under the output limit, and the pages join into the text', async () => {
    const body = 'An ordinary paragraph of a long note, with words and more words.\n\n'.repeat(
      16_000,
    );
    const { t, tabId } = await open('/notes/big.md', body);
    const parts: string[] = [];
    let startLine: number | undefined = 1;
    while (startLine !== undefined) {
      const r = await documentTool(t.host, { action: 'read', tabId, startLine });
      expect(new TextEncoder().encode(text(r)).length).toBeLessThan(75_000);
      const page = data(r);
      expect(page.isError).toBe(false);
      parts.push(page.content as string);
      startLine = page.nextLine as number | undefined;
    }
    expect(parts.length).toBeGreaterThan(10);
    expect(`${parts.join('\n')}\n`).toBe(body);
  });

  it('finds literal text by line, and a regular expression through the window', async () => {
    const { t, tabId, revision } = await open();
    const literal = data(await documentTool(t.host, { action: 'read', tabId, find: 'it.' }));
    expect(literal).toMatchObject({
      revision,
      truncated: false,
      matches: [
        { line: 4, text: 'Run it.' },
        { line: 6, text: 'Use it.' },
      ],
    });
    const asked: string[] = [];
    t.agents.set('main', {
      findRegex: async (body: string, source: string) => {
        asked.push(source);
        const re = compilePattern(source) as RegExp;
        return { ok: true, ...findLines(body, re) };
      },
    } as unknown as EditorAgent);
    const regex = data(
      await documentTool(t.host, { action: 'read', tabId, find: '^## \\w+', regex: true }),
    );
    expect(regex).toMatchObject({ matches: [{ line: 3 }, { line: 5 }, { line: 8 }] });
    expect(asked).toEqual(['^## \\w+']);
  });

  it('passes on a window that stopped a pattern as a refusal', async () => {
    const { t, tabId } = await open();
    t.agents.set('main', {
      findRegex: async () => ({ ok: false, error: 'INVALID_ARGUMENT', message: 'stopped' }),
    } as unknown as EditorAgent);
    const r = data(
      await documentTool(t.host, { action: 'read', tabId, find: '(a+)+$', regex: true }),
    );
    expect(r).toMatchObject({ isError: true, error: 'INVALID_ARGUMENT', message: 'stopped' });
  });
});

describe('document.write on part of a tab', () => {
  it('replaces a section, keeps CRLF in the file and every byte outside', async () => {
    const { t, tabId, revision } = await open();
    const r = data(
      await write(t, tabId, {
        section: 'Guide > Use',
        content: '## Use\r\nUse it well.',
        expected_revision: revision,
      }),
    );
    expect(r).toMatchObject({ isError: false, saved: true });
    expect(t.files.text('/notes/guide.md')).toBe(NOTE.replace('Use it.', 'Use it well.'));
    expect(t.pushed.map((s) => s.origin)).toEqual(['mcp']);
  });

  it('inserts with endLine = startLine − 1 and appends after the last line', async () => {
    const { t, tabId, revision } = await open();
    const inserted = data(
      await write(t, tabId, {
        startLine: 2,
        endLine: 1,
        content: 'First.',
        expected_revision: revision,
        save: false,
      }),
    );
    const appended = data(
      await write(t, tabId, {
        startLine: 11,
        endLine: 10,
        content: 'The end.',
        expected_revision: inserted.revision as string,
        save: false,
      }),
    );
    expect(appended.isError).toBe(false);
    const lines = t.host.tab(tabId)!.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['# Guide', 'First.', 'Intro.']);
    expect(lines.slice(-2)).toEqual(['The end.', '']);
  });

  it('needs expected_revision and refuses a stale one, changing nothing', async () => {
    const { t, tabId, revision } = await open();
    const bare = await write(t, tabId, {
      section: 'Appendix',
      content: 'x',
    });
    expect(bare.isError).toBe(true);
    expect(text(bare)).toContain('needs expected_revision');
    await documentTool(t.host, { action: 'write', tabId, content: '# Other\n', save: false });
    const stale = data(
      await write(t, tabId, {
        startLine: 1,
        endLine: 1,
        content: 'x',
        expected_revision: revision,
      }),
    );
    expect(stale).toMatchObject({ isError: true, error: 'STALE' });
    expect(t.host.tab(tabId)!.text).toBe('# Other\n');
  });

  it('refuses lines outside the document and ambiguous sections, changing nothing', async () => {
    const { t, tabId, revision } = await open();
    const before = t.host.tab(tabId)!.text;
    const out = data(
      await write(t, tabId, {
        startLine: 12,
        endLine: 12,
        content: 'x',
        expected_revision: revision,
      }),
    );
    expect(out).toMatchObject({ isError: true, error: 'INVALID_ARGUMENT', totalLines: 9 });
    const several = data(
      await write(t, tabId, {
        section: 'Install',
        content: 'x',
        expected_revision: revision,
      }),
    );
    expect(several).toMatchObject({ isError: true, error: 'INVALID_ARGUMENT' });
    expect(several.candidates).toHaveLength(2);
    const both = await write(t, tabId, {
      section: 'Appendix',
      startLine: 1,
      endLine: 1,
      content: 'x',
      expected_revision: revision,
    });
    expect(text(both)).toContain('not both');
    expect(t.host.tab(tabId)!.text).toBe(before);
    expect(t.host.tab(tabId)!.revision).toBe(revision);
  });

  it('edits a workflow step by its outline path', async () => {
    const ci =
      'on: push\njobs:\n  build:\n    runs-on: x\n    steps:\n      - name: Test\n        run: npm test\n';
    const { t, tabId, revision } = await open('/notes/.github/workflows/ci.yml', ci);
    const section = data(
      await documentTool(t.host, { action: 'read', tabId, section: 'jobs > build > Test' }),
    );
    expect(section).toMatchObject({ startLine: 6, endLine: 7 });
    const r = data(
      await write(t, tabId, {
        section: 'jobs > build > Test',
        content: '      - name: Test\n        run: npm test -- --ci',
        expected_revision: revision,
        save: false,
      }),
    );
    expect(r.isError).toBe(false);
    expect(t.host.tab(tabId)!.text).toBe(ci.replace('npm test', 'npm test -- --ci'));
  });
});
