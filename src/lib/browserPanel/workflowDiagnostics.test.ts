import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { workflowFileProblems } from './workflowDiagnostics';

const HEAD = '---\nsite: blog\ninputs: [title]\n---\n';

/** [line, severity, code] of each diagnostic. */
function codes(text: string) {
  return workflowFileProblems(text).diagnostics.map((d) => [d.line, d.severity, d.kind]);
}

/** The text a diagnostic underlines, as CodeMirror would show it. */
function underlined(text: string) {
  const doc = EditorState.create({ doc: text }).doc;
  return workflowFileProblems(text).diagnostics.map((d) => {
    const line = doc.line(d.line);
    const chars = [...line.text];
    const from = chars.slice(0, d.col - 1).join('').length;
    const to = chars.slice(0, (d.endCol ?? d.col) - 1).join('').length;
    return line.text.slice(from, to);
  });
}

describe('workflowFileProblems', () => {
  it('finds nothing in a workflow a run takes as it is', () => {
    expect(
      codes(
        `${HEAD}1. action: navigate to https://blog.example/new\n2. action: type {title} into "Title" (textbox)\n3. action: click "Save \\"now\\"" (button)\n4. extract: content\n`,
      ),
    ).toEqual([]);
  });

  it('reports every parser error and warning with its stable code and line', () => {
    expect(codes('site: x\n')).toEqual([
      [1, 'error', 'missing-front-matter'],
      [1, 'error', 'unknown-step-kind'],
    ]);
    expect(codes('---\nsite: x\n')).toEqual([[2, 'error', 'unterminated-front-matter']]);
    expect(
      codes(
        '---\nsite: a\nsite: b\ninputs: [1a, x, x]\nthis is not a key\nlang: en\n---\n1. wait: 3\njust words\n',
      ),
    ).toEqual([
      [3, 'error', 'duplicate-front-matter-key'],
      [4, 'error', 'invalid-input-name'],
      [4, 'error', 'duplicate-input-name'],
      [5, 'error', 'malformed-front-matter'],
      [6, 'warning', 'unknown-front-matter-key'],
      [8, 'error', 'unknown-step-kind'],
      [9, 'error', 'malformed-step'],
    ]);
    expect(codes('---\ninputs: [a\n---\n1. goal: x\n')).toEqual([
      [1, 'error', 'missing-site'],
      [2, 'error', 'malformed-inputs'],
    ]);
    expect(codes('---\nsite: s\n---\n\n')).toEqual([[4, 'error', 'no-steps']]);
    expect(codes(`${HEAD}1. goal: write about {topic}\n`)).toEqual([
      [5, 'warning', 'undeclared-variable'],
    ]);
  });

  it('marks an action a run would refuse as an error, and prose as a pause', () => {
    expect(
      codes(
        `${HEAD}1. action: click "Save\n2. action: click "Save" now\n3. action: type "x into "A"\n4. action: type {9} into "A"\n5. action: type {body} into "Body"\n6. action: click the blue thing\n7. action: navigate\n`,
      ),
    ).toEqual([
      [5, 'error', 'malformed-target'],
      [6, 'error', 'malformed-target'],
      [7, 'error', 'malformed-target'],
      [8, 'error', 'malformed-value'],
      [8, 'warning', 'undeclared-variable'],
      [9, 'error', 'undeclared-input'],
      [10, 'info', 'not-executable'],
      [11, 'info', 'not-executable'],
    ]);
    const [refused] = workflowFileProblems(`${HEAD}1. action: click "Save\n`).diagnostics;
    expect(refused.message).toMatch(/^Step 1 \(line 5\) cannot run: /);
    const [pause] = workflowFileProblems(`${HEAD}1. action: click the blue thing\n`).diagnostics;
    expect(pause.message).toContain('the run will pause here');
  });

  it('checks malformed actions even while the front matter is broken', () => {
    expect(codes('---\nsite: s\nbad line\n---\n1. action: click "\n')).toEqual([
      [3, 'error', 'malformed-front-matter'],
      [5, 'error', 'malformed-target'],
    ]);
  });

  it('holds a run to 25 steps and 64 KiB, as the hub does', () => {
    const steps = (n: number) =>
      Array.from({ length: n }, (_, i) => `${i + 1}. extract: content`).join('\n');
    expect(codes(`---\nsite: s\n---\n${steps(25)}\n`)).toEqual([]);
    expect(codes(`---\nsite: s\n---\n${steps(27)}\n`)).toEqual([[29, 'error', 'too-many-steps']]);
    const big = `---\nsite: s\n---\n1. extract: content\n# ${'x'.repeat(64 * 1024)}\n`;
    expect(codes(big)).toEqual([[5, 'error', 'source-too-large']]);
    const exact = `---\nsite: s\n---\n1. extract: content\n`;
    const padded = exact + '#'.repeat(64 * 1024 - exact.length);
    expect(codes(padded)).toEqual([]);
    expect(codes(padded + '#')).toEqual([[5, 'error', 'source-too-large']]);
  });

  it('puts each diagnostic on the same line CodeMirror shows, whatever the line breaks', () => {
    const lf = `${HEAD}1. action: click "Save\n2. action: click the blue thing\n`;
    for (const text of [lf, lf.replace(/\n/g, '\r\n'), lf.replace(/\n/g, '\r'), `\uFEFF${lf}`]) {
      const doc = EditorState.create({ doc: text }).doc;
      expect(doc.lines).toBe(7);
      expect(codes(text)).toEqual([
        [5, 'error', 'malformed-target'],
        [6, 'info', 'not-executable'],
      ]);
      expect(underlined(text)).toEqual([
        '1. action: click "Save',
        '2. action: click the blue thing',
      ]);
    }
    // U+2028 is no line break for either.
    const sep = `${HEAD}# a\u2028b\n2. action: click "\n`;
    expect(EditorState.create({ doc: sep }).doc.lines).toBe(7);
    expect(codes(sep)).toEqual([[6, 'error', 'malformed-target']]);
  });

  it('underlines a line’s words, not its indentation, counting characters', () => {
    const text = `${HEAD}   1. action: click "😀 Save   \n`;
    const [d] = workflowFileProblems(text).diagnostics;
    expect(d).toMatchObject({ line: 5, col: 4 });
    expect(underlined(text)).toEqual(['1. action: click "😀 Save']);
  });
});
