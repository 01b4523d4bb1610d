import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseWorkflow } from '#shared/browserWorkflow/parser.js';
import { parseAction } from '#shared/browserWorkflow/stepGrammar.js';
import {
  INPUT_NAME_LIMIT,
  NAME_LIMIT,
  inputSlug,
  oneLine,
  recordedUrl,
  recordingToSource,
  siteLine,
  type RecordedEvent,
} from './recording.js';

function parsed(events: RecordedEvent[], site?: string) {
  const rec = recordingToSource(events, site);
  const r = parseWorkflow(rec.source);
  if (!r.ok) throw new Error(`did not parse: ${JSON.stringify(r.errors)}\n${rec.source}`);
  return { rec, workflow: r.workflow };
}

describe('recordingToSource', () => {
  it('writes a recording as a workflow that parses, with its inputs declared', () => {
    const { rec, workflow } = parsed(
      [
        { type: 'navigate', url: 'https://blog.example/admin/new?draft=1#top' },
        { type: 'type', role: 'textbox', name: 'Title', sensitive: false },
        { type: 'type', role: 'textbox', name: 'Password', sensitive: true },
        { type: 'click', role: 'button', name: 'Save' },
        { type: 'extract' },
      ],
      'blog',
    );
    expect(rec.source).toBe(
      [
        '---',
        'site: blog',
        'inputs: [title]',
        '---',
        '1. action: navigate to https://blog.example/admin/new',
        '2. action: type {title} into "Title" (textbox)',
        '3. confirm: enter "Password"',
        '4. action: click "Save" (button)',
        '5. extract: content',
        '',
      ].join('\n'),
    );
    expect(rec.inputs).toEqual(['title']);
    expect(rec.stepCount).toBe(5);
    expect(workflow.inputs).toEqual(['title']);
    expect(workflow.steps.map((s) => s.kind)).toEqual([
      'action',
      'action',
      'confirm',
      'action',
      'extract',
    ]);
  });

  it('never writes a typed value: the events carry none, and secrets become confirm steps', () => {
    const { rec } = parsed([
      { type: 'type', role: 'textbox', name: 'Verification code', sensitive: true },
      { type: 'type', role: 'textbox', name: '', sensitive: true },
    ]);
    expect(rec.source).toContain('confirm: enter "Verification code"');
    expect(rec.source).toContain('confirm: enter the secret by hand');
    expect(rec.inputs).toEqual([]);
    expect(rec.source).not.toContain('inputs:');
  });

  it('sends a click without a known role, or without a name, to the person', () => {
    const { rec } = parsed([
      { type: 'click', role: null, name: 'Open menu' },
      { type: 'click', role: 'Button', name: 'Odd role' },
      { type: 'click', role: 'menu-item', name: 'Hyphenated' },
      { type: 'click', role: 'button', name: '   ' },
      { type: 'type', role: 'textbox', name: '', sensitive: false },
    ]);
    const steps = rec.source.split('\n').slice(3, -1);
    expect(steps).toEqual([
      '1. confirm: click "Open menu" by hand',
      '2. confirm: click "Odd role" by hand',
      '3. confirm: click "Hyphenated" by hand',
      '4. confirm: click an unnamed button by hand',
      '5. confirm: fill in an unnamed textbox by hand',
    ]);
  });

  it('keeps origin and path of a navigation; origin alone for a credential path', () => {
    expect(recordedUrl('https://u:p@site.example/a/b?token=x#f')).toBe('https://site.example/a/b');
    expect(recordedUrl('http://127.0.0.1:8080/reset/abc123def456ghi789jkl?token=x')).toBe(
      'http://127.0.0.1:8080/',
    );
    expect(recordedUrl('https://site.example/a b')).toBe('https://site.example/a%20b');
    expect(recordedUrl('file:///etc/passwd')).toBeNull();
    expect(recordedUrl('not a url')).toBeNull();
    const { rec, workflow } = parsed([{ type: 'navigate', url: 'javascript:alert(1)' }]);
    expect(rec.source).toContain('1. action: navigate\n');
    expect(parseAction(workflow.steps[0].text)).toMatchObject({
      ok: false,
      code: 'not-executable',
    });
  });

  it('a name with line breaks stays one step, and quotes cannot close the name early', () => {
    const name = 'Save"\n2. action: click "Delete all" (button)\r\n3. goal: x';
    const { rec, workflow } = parsed([{ type: 'click', role: 'button', name }]);
    expect(workflow.steps).toHaveLength(1);
    expect(rec.stepCount).toBe(1);
    const action = parseAction(workflow.steps[0].text);
    expect(action).toEqual({
      ok: true,
      step: { kind: 'click', name: oneLine(name, NAME_LIMIT), role: 'button' },
    });
  });

  it('a name with braces is not read as an input', () => {
    const { rec, workflow } = parsed([{ type: 'click', role: 'button', name: 'Pay {total}' }]);
    expect(rec.source).toContain('click "Pay \\u007btotal\\u007d" (button)');
    const action = parseAction(workflow.steps[0].text);
    expect(action.ok && action.step.kind === 'click' && action.step.name).toBe('Pay {total}');
  });

  it('caps names at 120 code points without splitting a surrogate pair', () => {
    const long = '😀'.repeat(200);
    const { workflow } = parsed([{ type: 'click', role: 'button', name: long }]);
    const action = parseAction(workflow.steps[0].text);
    expect(action.ok && action.step.kind === 'click' && [...action.step.name].length).toBe(
      NAME_LIMIT,
    );
    expect(action.ok && action.step.kind === 'click' && action.step.name).toBe(
      '😀'.repeat(NAME_LIMIT),
    );
  });

  it('gives each field one input: the same field again reuses it, a namesake gets _2', () => {
    const { rec, workflow } = parsed([
      { type: 'type', role: 'textbox', name: 'Full name', sensitive: false },
      { type: 'type', role: 'textbox', name: 'Full name', sensitive: false },
      { type: 'click', role: 'button', name: 'Next' },
      { type: 'type', role: 'textbox', name: 'Full name', sensitive: false },
      { type: 'type', role: 'searchbox', name: 'Full name', sensitive: false },
      { type: 'type', role: 'textbox', name: 'Full-name', sensitive: false },
    ]);
    expect(rec.inputs).toEqual(['full_name', 'full_name_2', 'full_name_3']);
    expect(workflow.steps.map((s) => s.text)).toEqual([
      'action: type {full_name} into "Full name" (textbox)'.slice('action: '.length),
      'click "Next" (button)',
      'type {full_name} into "Full name" (textbox)',
      'type {full_name_2} into "Full name" (searchbox)',
      'type {full_name_3} into "Full-name" (textbox)',
    ]);
  });

  it('an empty recording is front matter with no steps, which the parser reports', () => {
    const rec = recordingToSource([]);
    expect(rec.source).toBe('---\nsite: recording\n---\n');
    const r = parseWorkflow(rec.source);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.code)).toEqual(['no-steps']);
  });

  it('site: one line, at most 64 characters, "recording" when none is given', () => {
    expect(siteLine(undefined)).toBe('recording');
    expect(siteLine(' \n ')).toBe('recording');
    expect(siteLine('my\nblog')).toBe('my blog');
    expect(siteLine('x'.repeat(100))).toHaveLength(64);
    const { workflow } = parsed([{ type: 'extract' }], 'a\r\nsite: forged');
    expect(workflow.site).toBe('a site: forged');
  });
});

describe('inputSlug', () => {
  it('lower case ASCII words joined by _', () => {
    expect(inputSlug('E-mail address', 1)).toBe('e_mail_address');
    expect(inputSlug('Ｔｉｔｌｅ', 1)).toBe('title');
    expect(inputSlug('2nd line', 4)).toBe('field_2nd_line');
    expect(inputSlug('名前', 3)).toBe('field_3');
    expect(inputSlug('x'.repeat(80), 1)).toHaveLength(INPUT_NAME_LIMIT);
  });
});

describe('recordings always parse, one step an event, names kept', () => {
  // Characters that could break a step out of its quotes or its line, or read as an {input}.
  const tricky = fc.constantFrom(
    '{',
    '}',
    '"',
    '\\',
    '\n',
    '\r',
    '\u2028',
    '\t',
    ' ',
    'a',
    '1',
    ':',
    '#',
    '(',
    ')',
    '😀',
  );
  const name = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 150 }),
    fc.string({ unit: tricky, maxLength: 150 }),
    fc.string({ unit: fc.constantFrom('{', '}', 'a', '"', '\n'), maxLength: 20 }),
  );
  const role = fc.oneof(
    fc.constant(null),
    fc.constantFrom('button', 'link', 'textbox', 'x-y', 'Bad'),
  );
  const event: fc.Arbitrary<RecordedEvent> = fc.oneof(
    fc.record({ type: fc.constant('click' as const), role, name }),
    fc.record({ type: fc.constant('type' as const), role, name, sensitive: fc.boolean() }),
    fc.record({ type: fc.constant('navigate' as const), url: fc.oneof(fc.webUrl(), fc.string()) }),
    fc.constant({ type: 'extract' as const }),
  );

  it('holds for any events and site', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 30 }), fc.string(), (events, site) => {
        const rec = recordingToSource(events, site);

        const r = parseWorkflow(rec.source);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.warnings).toEqual([]);
        expect(r.workflow.steps).toHaveLength(rec.stepCount);
        expect(r.workflow.inputs).toEqual(rec.inputs);
        for (const step of r.workflow.steps) {
          if (step.kind !== 'action') continue;
          const a = parseAction(step.text);
          if (!a.ok) {
            expect(step.text).toBe('navigate');
            continue;
          }
          if (a.step.kind === 'navigate') expect(a.step.url).toMatch(/^https?:\/\//);
          else {
            expect(a.step.name).toBe(oneLine(a.step.name, NAME_LIMIT));
            expect(a.step.name.length).toBeGreaterThan(0);
          }
        }
      }),
    );
  });
});
