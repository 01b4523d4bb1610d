import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkflow } from './parser.js';

const HEAD = '---\nsite: example\ninputs: [title, body]\n---\n';

function codes(source: string): string[] {
  const r = parseWorkflow(source);
  return [...(r.ok ? [] : r.errors), ...r.warnings].map((d) => `${d.code}@${d.line}`);
}

describe('parseWorkflow', () => {
  it('reads front matter and numbered or bulleted steps, keeping the author’s words', () => {
    const r = parseWorkflow(
      `${HEAD}\n# a comment\n1. action: navigate to https://example.com/new\n- action: type {title} into "Title" (textbox)\n3. goal: check that it reads well\nconfirm: publish it by hand\n2. extract: content\n`,
    );
    expect(r).toEqual({
      ok: true,
      warnings: [],
      workflow: {
        site: 'example',
        inputs: ['title', 'body'],
        trigger: null,
        steps: [
          { index: 1, kind: 'action', text: 'navigate to https://example.com/new', line: 7 },
          { index: 2, kind: 'action', text: 'type {title} into "Title" (textbox)', line: 8 },
          { index: 3, kind: 'goal', text: 'check that it reads well', line: 9 },
          { index: 4, kind: 'confirm', text: 'publish it by hand', line: 10 },
          { index: 5, kind: 'extract', text: 'content', line: 11 },
        ],
      },
    });
  });

  it('takes CRLF, lone CR and a BOM, and counts lines as a person sees them', () => {
    const r = parseWorkflow('\uFEFF---\r\nsite: s\r---\nextract: content\r\n');
    expect(r.ok && r.workflow.steps[0]).toMatchObject({ line: 4, text: 'content' });
  });

  it.each([
    ['missing-front-matter', 'site: x\naction: click "A"\n', 'missing-front-matter@1'],
    [
      'malformed-front-matter',
      '---\nsite: x\ninputs [title]\n---\nextract: c\n',
      'malformed-front-matter@3',
    ],
    ['unterminated-front-matter', '---\nsite: x\n', 'unterminated-front-matter@2'],
    [
      'duplicate-front-matter-key',
      '---\nsite: x\nsite: y\n---\nextract: c\n',
      'duplicate-front-matter-key@3',
    ],
    [
      'unknown-front-matter-key (warning)',
      '---\nsite: x\ncolour: red\n---\nextract: c\n',
      'unknown-front-matter-key@3',
    ],
    ['missing-site', '---\ninputs: []\n---\nextract: c\n', 'missing-site@1'],
    ['empty site', '---\nsite:\n---\nextract: c\n', 'missing-site@2'],
    [
      'malformed-inputs (brackets)',
      '---\nsite: x\ninputs: [a, b\n---\nextract: c\n',
      'malformed-inputs@3',
    ],
    [
      'malformed-inputs (empty entry)',
      '---\nsite: x\ninputs: [a,,b]\n---\nextract: c\n',
      'malformed-inputs@3',
    ],
    [
      'malformed-inputs (trailing comma)',
      '---\nsite: x\ninputs: a, b,\n---\nextract: c\n',
      'malformed-inputs@3',
    ],
    [
      'invalid-input-name',
      '---\nsite: x\ninputs: [1st]\n---\nextract: c\n',
      'invalid-input-name@3',
    ],
    [
      'duplicate-input-name',
      '---\nsite: x\ninputs: a, a\n---\nextract: c\n',
      'duplicate-input-name@3',
    ],
    ['malformed-step', `${HEAD}click the button\n`, 'malformed-step@5'],
    ['empty step', `${HEAD}goal:\n`, 'malformed-step@5'],
    ['unknown-step-kind', `${HEAD}wait: a bit\n`, 'unknown-step-kind@5'],
    ['no-steps', `${HEAD}\n# nothing\n`, 'no-steps@6'],
    [
      'undeclared-variable (warning)',
      `${HEAD}action: type {subject} into "S"\n`,
      'undeclared-variable@5',
    ],
  ])('%s', (_name, source, expected) => {
    expect(codes(source)).toContain(expected);
  });

  it('reports every problem in one pass, and warnings with a workflow that parses', () => {
    expect(codes('---\nsite: x\nsite: y\ninputs: [1a]\n---\nwait: x\n')).toEqual([
      'duplicate-front-matter-key@3',
      'invalid-input-name@4',
      'unknown-step-kind@6',
    ]);
    const ok = parseWorkflow('---\nsite: x\nextra: 1\n---\ngoal: write {thing}\n');
    expect(ok.ok).toBe(true);
    expect(ok.warnings.map((w) => w.code)).toEqual([
      'unknown-front-matter-key',
      'undeclared-variable',
    ]);
  });

  it('an empty inputs list is no inputs', () => {
    for (const inputs of ['[]', '']) {
      const r = parseWorkflow(`---\nsite: x\ninputs: ${inputs}\n---\nextract: c\n`);
      expect(r.ok && r.workflow.inputs).toEqual([]);
    }
  });

  it('never throws, and every diagnostic has a line of the source (any text)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc
            .array(
              fc.oneof(
                fc.constantFrom('---', 'site: s', 'inputs: [a, b]', '# c', '', 'action: click "A"'),
                fc.string({ maxLength: 40 }),
              ),
              { maxLength: 20 },
            )
            .map((ls) => ls.join(fc.sample(fc.constantFrom('\n', '\r\n', '\r'), 1)[0])),
        ),
        (source) => {
          const r = parseWorkflow(source);
          const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).length;
          for (const d of [...(r.ok ? [] : r.errors), ...r.warnings]) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.line).toBeLessThanOrEqual(lines);
            expect(d.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1000) },
    );
  });
});
