import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carryChange } from './carryChange';
import type { Segment } from './textDiff';

/** Whether `segments` align `a` with `b`: they cover both, and equal stretches hold equal text. */
function aligns(a: string, b: string, segments: readonly Segment[]): boolean {
  let x = 0;
  let y = 0;
  for (const s of segments) {
    if (s.same && a.slice(x, x + s.a) !== b.slice(y, y + s.b)) return false;
    x += s.a;
    y += s.b;
  }
  return x === a.length && y === b.length;
}

/**
 * A toy markup to test with: words, hard breaks (`  \n` or `\\\n`), emphasis (`_w_` or `*w*`) and
 * ampersands (`&amp;` or `&`). The serialiser writes the second form of each; a person's edit
 * changes the model, and the source should keep the forms it had.
 */
type Token =
  | { kind: 'word'; text: string }
  | { kind: 'break'; style: 0 | 1 }
  | { kind: 'em'; text: string; style: 0 | 1 }
  | { kind: 'amp'; style: 0 | 1 };

function render(tokens: readonly Token[], canonical: boolean): string {
  let out = '';
  tokens.forEach((t, i) => {
    const style = canonical ? 1 : 'style' in t ? t.style : 0;
    if (t.kind === 'break') out += style ? '\\\n' : '  \n';
    else {
      if (i > 0 && tokens[i - 1].kind !== 'break') out += ' ';
      if (t.kind === 'word') out += t.text;
      else if (t.kind === 'em') out += style ? `*${t.text}*` : `_${t.text}_`;
      else out += style ? '&' : '&amp;';
    }
  });
  return out;
}

/** What the toy markup means: the words, breaks and emphasis, without their forms. */
function parse(text: string): string | null {
  const parts: string[] = [];
  // One space between tokens, none at the start or after a break.
  const re = /(\\\n| {2}\n)|_([a-z]+)_|\*([a-z]+)\*|(&amp;|&)|([a-z]+)/y;
  let at = 0;
  let afterBreak = true;
  while (at < text.length) {
    if (!afterBreak) {
      if (text[at] === ' ' && text[at + 1] !== ' ' && text[at + 1] !== '\n') at++;
      else if (!text.startsWith('  \n', at) && !text.startsWith('\\\n', at)) return null;
    }
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    afterBreak = m[1] !== undefined;
    if (m[1]) parts.push('<br>');
    else if (m[2] || m[3]) parts.push(`<em>${m[2] ?? m[3]}</em>`);
    else if (m[4]) parts.push('&');
    else parts.push(m[5]);
    at = re.lastIndex;
  }
  return parts.join('|');
}

const word = fc.stringMatching(/^[a-z]{1,4}$/);
const style = fc.constantFrom<0 | 1>(0, 1);
const token: fc.Arbitrary<Token> = fc.oneof(
  fc.record({ kind: fc.constant('word' as const), text: word }),
  fc.record({ kind: fc.constant('word' as const), text: word }),
  fc.record({ kind: fc.constant('break' as const), style }),
  fc.record({ kind: fc.constant('em' as const), text: word, style }),
  fc.record({ kind: fc.constant('amp' as const), style }),
);

/** A model with no break at either end or twice in a row (the toy parser could not read those). */
const model = fc
  .array(token, { minLength: 1, maxLength: 12 })
  .filter(
    (ts) =>
      ts[0].kind !== 'break' &&
      ts[ts.length - 1].kind !== 'break' &&
      ts.every((t, i) => i === 0 || t.kind !== 'break' || ts[i - 1].kind !== 'break'),
  );

function carry(source: string, before: string, after: string): string | null {
  const meaning = parse(after);
  return carryChange(source, before, after, (text) => parse(text) === meaning)?.text ?? null;
}

describe('carryChange', () => {
  it('replaces a word before a two-space hard break and keeps the break', () => {
    expect(carry('one two  \nthree', 'one two\\\nthree', 'one six\\\nthree')).toBe(
      'one six  \nthree',
    );
  });

  it('types at the end of a word right before syntax the serialiser writes differently', () => {
    expect(carry('one  \ntwo', 'one\\\ntwo', 'ones\\\ntwo')).toBe('ones  \ntwo');
    expect(carry('a &amp;', 'a &', 'a &b')).toBe('a &amp;b');
    expect(carry('x &amp; y', 'x & y', 'x & z')).toBe('x &amp; z');
  });

  it('keeps emphasis markers around an edited word', () => {
    expect(carry('say _hi_ now', 'say *hi* now', 'say *ho* now')).toBe('say _ho_ now');
  });

  it('gives null when nothing the edit makes is accepted', () => {
    expect(carryChange('abc', 'abc', 'abd', () => false)).toBeNull();
  });

  it('replacing a word of the model changes exactly that word of the source', () => {
    fc.assert(
      fc.property(model, fc.nat(), word, (tokens, pick, replacement) => {
        const words = tokens.flatMap((t, i) => (t.kind === 'word' || t.kind === 'em' ? [i] : []));
        fc.pre(words.length > 0);
        const at = words[pick % words.length];
        const edited = tokens.map((t, i) => (i === at ? { ...t, text: replacement } : t));
        const source = render(tokens, false);
        const expected = render(edited, false);
        const result = carry(source, render(tokens, true), render(edited, true));
        if (expected === source) expect(result).toBeNull();
        else expect(result).toBe(expected);
      }),
    );
  });

  it('gives the alignment of the new source with the new canonical text, for the next edit', () => {
    fc.assert(
      fc.property(model, model, model, (a, b, c) => {
        const meaning = (t: Token[]) => parse(render(t, true));
        const first = carryChange(
          render(a, false),
          render(a, true),
          render(b, true),
          (text) => parse(text) === meaning(b),
        );
        fc.pre(first !== null && first.align !== null);
        const align = first?.align as Segment[];
        expect(aligns(first?.text ?? '', render(b, true), align)).toBe(true);
        // The kept alignment serves the next edit as well as a fresh diff would.
        const accept = (text: string) => parse(text) === meaning(c);
        const next = carryChange(
          first?.text ?? '',
          render(b, true),
          render(c, true),
          accept,
          align,
        );
        if (next) expect(parse(next.text)).toBe(meaning(c));
      }),
    );
  });

  it('whatever the edit, a result is accepted, and a result is given when the forms agree', () => {
    fc.assert(
      fc.property(model, model, (a, b) => {
        const source = render(a, false);
        const result = carry(source, render(a, true), render(b, true));
        if (result !== null) expect(parse(result)).toBe(parse(render(b, true)));
        if (source === render(a, true) && parse(render(b, true)) !== parse(source)) {
          expect(result).toBe(render(b, true));
        }
      }),
    );
  });
});
