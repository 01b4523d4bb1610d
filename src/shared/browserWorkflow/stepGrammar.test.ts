import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAction } from './stepGrammar.js';

describe('parseAction', () => {
  it.each([
    ['click "Save"', { kind: 'click', name: 'Save', role: null }],
    ['click "Save" (button)', { kind: 'click', name: 'Save', role: 'button' }],
    ['click "Say \\"hi\\"" (menu-item)', { kind: 'click', name: 'Say "hi"', role: 'menu-item' }],
    [
      'type "a \\u00e9\\n" into "Body" (textbox)',
      { kind: 'type', value: { literal: 'a é\n' }, name: 'Body', role: 'textbox' },
    ],
    [
      'type {title} into "Title"',
      { kind: 'type', value: { input: 'title' }, name: 'Title', role: null },
    ],
    [
      'navigate to https://example.com/a?b=c',
      { kind: 'navigate', url: 'https://example.com/a?b=c' },
    ],
  ])('%s', (text, step) => {
    expect(parseAction(text)).toEqual({ ok: true, step });
  });

  it.each([
    ['free prose', 'log in with the saved account', 'not-executable'],
    ['an unquoted name', 'click Save', 'not-executable'],
    ['a bare navigate', 'navigate to', 'not-executable'],
    ['an unclosed quote', 'click "Save', 'malformed-target'],
    ['junk after the role', 'click "Save" (button) now', 'malformed-target'],
    ['a role with capitals', 'click "Save" (Button)', 'malformed-target'],
    ['an empty name', 'click ""', 'malformed-target'],
    ['a raw control character', 'click "Sa\u0001ve"', 'malformed-target'],
    ['an invalid escape', 'type "\\q" into "A"', 'malformed-value'],
    ['an input with a hyphen', 'type {my-title} into "A"', 'malformed-value'],
    ['no into', 'type "x" onto "A"', 'malformed-target'],
  ])('%s → %s', (_name, text, code) => {
    expect(parseAction(text)).toMatchObject({ ok: false, code });
  });

  it('a name a page made up cannot smuggle a second step in (quoted names round-trip)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }).filter((s) => s !== ''),
        (name) => {
          const r = parseAction(`click ${JSON.stringify(name)} (button)`);
          expect(r).toEqual({ ok: true, step: { kind: 'click', name, role: 'button' } });
        },
      ),
    );
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 120 }), (text) => void parseAction(text)));
  });
});
