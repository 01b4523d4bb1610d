import { describe, expect, it } from 'vitest';
import { LineReader } from './lineFraming.js';

function reader(max = 1000) {
  const lines: string[] = [];
  let tooLong = 0;
  const r = new LineReader(
    max,
    (line) => lines.push(line),
    () => tooLong++,
  );
  return { r, lines, tooLong: () => tooLong };
}

describe('newline-delimited framing', () => {
  it('splits lines across and within chunks, with LF or CRLF, skipping blank lines', () => {
    const { r, lines } = reader();
    r.push(Buffer.from('{"a":1}\n{"b"'));
    r.push(Buffer.from(':2}\r\n\n  \n{"c":3}\n{"d":'));
    r.push(Buffer.from('4}\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}', '{"d":4}']);
  });

  it('keeps multi-byte characters split between chunks whole', () => {
    const { r, lines } = reader();
    const bytes = Buffer.from('"漢字"\n');
    r.push(bytes.subarray(0, 3));
    r.push(bytes.subarray(3));
    expect(lines).toEqual(['"漢字"']);
  });

  it('counts a last line without a newline when the input ends', () => {
    const { r, lines } = reader();
    r.push(Buffer.from('{"a":1}\n{"b":2}'));
    expect(lines).toEqual(['{"a":1}']);
    r.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('drops a line over the limit once, whole, and reads the next line', () => {
    const { r, lines, tooLong } = reader(10);
    r.push(Buffer.from('0123456'));
    r.push(Buffer.from('789abcdef'));
    r.push(Buffer.from('ghij\n{"ok":1}\n'));
    expect(tooLong()).toBe(1);
    expect(lines).toEqual(['{"ok":1}']);
  });
});
