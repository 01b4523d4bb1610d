import { it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { chunkSource, collectDefinitions, splitTopLevelBlocks } from './blocks';
const parse = (t: string) =>
  fromMarkdown(t, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v === null || typeof v !== 'object') return v;
  const o: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(v)) if (k !== 'position') o[k] = strip(f);
  return o;
}
function ok(text: string): boolean {
  const chunks = splitTopLevelBlocks(text);
  let pos = 0;
  for (const c of chunks) {
    if (c.start !== pos || c.end <= c.start) return false;
    pos = c.end;
  }
  if (pos !== text.length) return false;
  const whole = JSON.stringify(strip(parse(text).children));
  const defs = collectDefinitions(text);
  const parts: unknown[] = [];
  for (const c of chunks) {
    const s = chunkSource(text.slice(c.start, c.end), defs);
    for (const n of parse(s.text).children) {
      const o = n.position?.start.offset ?? -1;
      if (o >= s.chunkStart && o < s.chunkEnd) parts.push(strip(n));
    }
  }
  return JSON.stringify(parts) === whole;
}
function shrink(text: string): string {
  let lines = text.split('\n');
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < lines.length; i++) {
      const cand = lines.slice(0, i).concat(lines.slice(i + 1));
      if (!ok(cand.join('\n'))) {
        lines = cand;
        changed = true;
        i--;
      }
    }
    for (let i = 0; i < lines.length; i++) {
      for (let k = 1; k <= lines[i].length; k++) {
        const l2 = lines[i].slice(0, k - 1) + lines[i].slice(k);
        const cand = lines.slice();
        cand[i] = l2;
        if (!ok(cand.join('\n'))) {
          lines = cand;
          changed = true;
          k--;
        }
      }
    }
  }
  return lines.join('\n');
}
const FRAGMENTS = (process.env.FRAG ?? '').length
  ? []
  : [
      'para',
      'para [ref] text',
      '# h',
      '## h ##',
      'Setext\n===',
      'Setext\n---',
      '---',
      '***',
      '___',
      '- a',
      '- a\n- b',
      '* a',
      '+ a',
      '1. a',
      '2. a',
      '1) a',
      '-',
      '- ',
      '1.',
      '- [ ] task',
      '*',
      '+',
      '```\ncode\n```',
      '```\ncode',
      '~~~\n~~~',
      '```js',
      '~~~~',
      '    code',
      '\tcode',
      '  - nested\n    - more',
      '> q',
      '> q\nlazy',
      '>',
      '> ```\n> c',
      '> > q',
      '<div>',
      '</div>',
      '<!--',
      '-->',
      '<!-- x -->',
      '<script>',
      '</script>',
      '<?',
      '?>',
      '<!X',
      '>',
      '<![CDATA[',
      ']]>',
      '<x-y>',
      '<x-y a="1"/>',
      '</x-y>',
      '<pre>',
      '</pre>',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      'a|b',
      '-|-',
      ':-',
      '|-',
      '| x |',
      '[ref]: /url',
      '[ref]: /url\n"title"',
      '[ref]:',
      '/url',
      '"title"',
      '[^fn]: note',
      '[^fn]',
      '[^fn]:',
      '    continued',
      '  indented two',
      '   three',
      '=',
      '- - -',
      '\\',
      ' ',
      '',
      '[a',
      'b]: /x',
      '2) x',
      '10. x',
      '1. ',
      '- > q',
      '- ```',
      '  ```',
      '    ```',
      '-\tx',
      '>\tx',
      '\t\tx',
      ' \t- x',
      '<textarea>',
      '</textarea>',
      '<style',
      'x<div>',
      '<div/>',
      '<a href="x">',
      '<a b=c d>',
      '#',
      '####### x',
      '#\tx',
    ];
function mulberry32(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const TOKS = ['```', '~~~', '````', '<div>', '</div>', '<!--', '-->', '|', '| a |', '|-|', ':-:', '---', '===', '#', '# x', 'text', '[a]', '[a]:', '[^a]', '[^a]:', '<x-y>', '</x-y>', '<script>', '</script>', '<?', '?>', '<!D', '>', '<![CDATA[', ']]>', '"t"', "'t'", '(t)', '/u', '<u>', '*', '-', '+', '1.', '2)', '\\', '`', 'a|b', '***', '* * *', '- - -', '   ', '\t', '<pre>', '<a href="x">', '[a]: /u', '[a]: /u "t"', '- [ ]', '<p>', '</p>', '<![', '<!x>'];
function doc2(r: () => number): string {
  const pick = <T,>(a: readonly T[]): T => a[Math.floor(r() * a.length)];
  const lines: string[] = []; const n = 1 + Math.floor(r() * 18);
  for (let i = 0; i < n; i++) {
    let line = '';
    const ind = Math.floor(r() * 4); for (let k = 0; k < ind; k++) line += pick([' ', ' ', '  ', '\t', '    ']);
    const pre = Math.floor(r() * 3); for (let k = 0; k < pre; k++) line += pick(['> ', '>', '- ', '* ', '1. ', '2) ', '[^a]: ', '+ ', '-\t', '  ', '    ']);
    const toks = Math.floor(r() * 4); for (let k = 0; k < toks; k++) line += (k ? pick(['', ' ', '  ']) : '') + pick(TOKS);
    lines.push(line);
  }
  const t = lines.join(pick(['\n', '\n', '\n', '\r\n'])); return r() < 0.4 ? t : t + '\n';
}
function doc(r: () => number): string {
  if (process.env.MODE === '2' || (process.env.MODE === 'mix' && r() < 0.5)) return doc2(r);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)];
  const prefixes = [
    '',
    '',
    '',
    '',
    '> ',
    '  ',
    '    ',
    '- ',
    '1. ',
    '\t',
    '   ',
    ' ',
    '>',
    '> > ',
    '- - ',
    '  > ',
  ];
  const seps = ['\n', '\n', '\n', '\n\n', '\n\n\n', '\n \n', '\r\n', '\r'];
  const parts: string[] = [];
  const n = 2 + Math.floor(r() * 14);
  for (let i = 0; i < n; i++) {
    const p = pick(prefixes);
    parts.push(
      pick(FRAGMENTS)
        .split('\n')
        .map((l) => (r() < 0.7 ? p + l : l))
        .join('\n'),
      pick(seps),
    );
  }
  const t = parts.join('');
  return r() < 0.3 ? t.trimEnd() : t;
}
it('fuzz', () => {
  const seed = Number(process.env.SEED ?? 1);
  const count = Number(process.env.COUNT ?? 20000);
  const r = mulberry32(seed);
  let fails = 0;
  for (let i = 0; i < count; i++) {
    const t = doc(r);
    if (!ok(t)) {
      console.log('FAIL', i, JSON.stringify(t));
      console.log('SHRUNK', JSON.stringify(shrink(t)));
      if (++fails >= 3) break;
    }
  }
  console.log('done fails=', fails);
}, 600000);
