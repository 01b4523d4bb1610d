import { describe, expect, it } from 'vitest';
import { decodeFile, encodeFile, formatForSave, type TextFormat } from './textCodec';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const BOM = [0xef, 0xbb, 0xbf];
const withBom = (bytes: Uint8Array): Uint8Array => Uint8Array.from([...BOM, ...bytes]);

/** Decodes and re-encodes, failing if the bytes are refused. */
function roundTrip(bytes: Uint8Array): Uint8Array {
  const decoded = decodeFile(bytes);
  if (!decoded.ok) throw new Error(decoded.reason);
  return encodeFile(decoded.text, decoded.format);
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('decodeFile', () => {
  it('decodes LF text as is', () => {
    expect(decodeFile(utf8('a\nb\n'))).toEqual({
      ok: true,
      text: 'a\nb\n',
      format: { bom: false, eol: 'lf', mixedEol: false },
    });
  });

  it('normalises CRLF to LF and records it', () => {
    expect(decodeFile(utf8('a\r\nb\r\n'))).toEqual({
      ok: true,
      text: 'a\nb\n',
      format: { bom: false, eol: 'crlf', mixedEol: false },
    });
  });

  it('strips and records a byte order mark', () => {
    expect(decodeFile(withBom(utf8('# x\r\n')))).toEqual({
      ok: true,
      text: '# x\n',
      format: { bom: true, eol: 'crlf', mixedEol: false },
    });
  });

  it('leaves a lone CR alone', () => {
    const decoded = decodeFile(utf8('a\rb\n'));
    expect(decoded).toEqual({
      ok: true,
      text: 'a\rb\n',
      format: { bom: false, eol: 'lf', mixedEol: false },
    });
  });

  it('picks CRLF when at least half of the line breaks are CRLF, and flags mixing', () => {
    const half = decodeFile(utf8('a\r\nb\nc'));
    expect(half.ok && half.format).toEqual({
      bom: false,
      eol: 'crlf',
      mixedEol: true,
      lineBreaks: 'rn',
    });
    const fewer = decodeFile(utf8('a\r\nb\nc\n'));
    expect(fewer.ok && fewer.format).toEqual({
      bom: false,
      eol: 'lf',
      mixedEol: true,
      lineBreaks: 'rnn',
    });
    expect(fewer.ok && fewer.text).toBe('a\nb\nc\n');
  });

  it('decodes empty files and files holding only a BOM', () => {
    expect(decodeFile(new Uint8Array())).toEqual({
      ok: true,
      text: '',
      format: { bom: false, eol: 'lf', mixedEol: false },
    });
    expect(decodeFile(Uint8Array.from(BOM))).toEqual({
      ok: true,
      text: '',
      format: { bom: true, eol: 'lf', mixedEol: false },
    });
  });

  it('refuses invalid UTF-8 with a reason and a lossy text to show read-only', () => {
    const bytes = Uint8Array.from([0x61, 0xff, 0x62, 0x0d, 0x0a]);
    const decoded = decodeFile(bytes);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.reason).toMatch(/not valid UTF-8/);
    expect(decoded.reason).toMatch(/read-only/);
    expect(decoded.lossyText).toBe('a\ufffdb\n');
  });

  it('refuses truncated, overlong and UTF-16 encoded input', () => {
    const samples = [
      [0xe4, 0xb8],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xff, 0xfe, 0x61, 0x00],
    ];
    for (const sample of samples) expect(decodeFile(Uint8Array.from(sample)).ok).toBe(false);
  });
});

describe('encodeFile', () => {
  it('writes CRLF line endings and the BOM back', () => {
    const format: TextFormat = { bom: true, eol: 'crlf', mixedEol: false };
    expect(Array.from(encodeFile('a\nb', format))).toEqual([...BOM, 0x61, 0x0d, 0x0a, 0x62]);
  });

  it('writes LF text unchanged', () => {
    const format: TextFormat = { bom: false, eol: 'lf', mixedEol: false };
    expect(encodeFile('a\nb\n', format)).toEqual(utf8('a\nb\n'));
  });
});

describe('decodeFile then encodeFile', () => {
  const samples: ReadonlyArray<readonly [string, Uint8Array]> = [
    ['LF', utf8('# Title\n\nText\n')],
    ['CRLF', utf8('# Title\r\n\r\nText\r\n')],
    ['BOM and CRLF', withBom(utf8('a\r\nb\r\n'))],
    ['BOM and LF', withBom(utf8('a\nb\n'))],
    ['no final newline', utf8('a\nb')],
    ['CRLF without final newline', utf8('a\r\nb')],
    ['empty file', new Uint8Array()],
    ['only a BOM', Uint8Array.from(BOM)],
    ['only line breaks', utf8('\r\n\r\n')],
    ['CJK and emoji', utf8('中文字符 😀 👩‍👩‍👧\n한국어\r\n'.replace('\r\n', '\n'))],
    ['CJK with CRLF', utf8('日本語\r\n絵文字 🎉\r\n')],
    ['lone CR inside CRLF text', utf8('a\rb\r\nc\r\r\n')],
    ['BOM character later on', utf8('a\ufeffb\n')],
  ];

  for (const [name, bytes] of samples) {
    it(`gives back the same bytes: ${name}`, () => {
      expect(roundTrip(bytes)).toEqual(bytes);
    });
  }

  it('gives back the same bytes for many random documents with uniform line endings', () => {
    const random = mulberry32(7);
    const alphabet = [
      'a',
      'Z',
      ' ',
      '\t',
      '#',
      '-',
      '\r',
      'é',
      '中',
      '😀',
      '\u200d',
      '\ufeff',
      '\u0000',
    ];
    for (let round = 0; round < 2000; round += 1) {
      const crlf = random() < 0.5;
      const lines: string[] = [];
      const lineCount = Math.floor(random() * 8);
      for (let index = 0; index < lineCount; index += 1) {
        let line = '';
        const length = Math.floor(random() * 12);
        for (let char = 0; char < length; char += 1) {
          line += alphabet[Math.floor(random() * alphabet.length)];
        }
        // A CR right before the line break would turn an LF file's break into CRLF.
        lines.push(crlf ? line : line.replace(/\r+$/, ''));
      }
      let text = lines.join(crlf ? '\r\n' : '\n');
      if (random() < 0.5 && lineCount > 0) text += crlf ? '\r\n' : '\n';
      const body = utf8(text);
      const bytes = random() < 0.3 ? withBom(body) : body;
      expect(roundTrip(bytes)).toEqual(bytes);
    }
  });
});

describe('mixed line endings', () => {
  const mixed = 'one\r\ntwo\nthree\r\nfour\nfive\r\n';

  it('an untouched file with mixed endings is written back byte for byte', () => {
    expect(Buffer.from(roundTrip(utf8(mixed))).toString()).toBe(mixed);
  });

  it('lines still there keep their endings; edited and new lines take the ending of the line before', () => {
    const decoded = decodeFile(utf8(mixed));
    if (!decoded.ok) throw new Error(decoded.reason);
    const edited = decoded.text.replace('three', 'THREE').replace('four\n', 'four\nnew\n');
    const format = formatForSave(edited, decoded.format, decoded.text);
    const out = Buffer.from(encodeFile(edited, format)).toString();
    expect(out).toBe('one\r\ntwo\nTHREE\nfour\nnew\nfive\r\n');
  });

  it('lines moved around keep their endings, and the line-break count always matches', () => {
    const decoded = decodeFile(utf8(mixed));
    if (!decoded.ok) throw new Error(decoded.reason);
    const moved = 'five\none\ntwo\nthree\nfour\n';
    const out = Buffer.from(encodeFile(moved, formatForSave(moved, decoded.format, decoded.text)));
    expect(out.toString()).toBe('five\r\none\r\ntwo\nthree\r\nfour\n');
  });
});
