import { describe, expect, it } from 'vitest';
import { sseComment, sseEvent, sseMessage } from './sseFraming.js';

describe('event stream framing', () => {
  it('writes a message as one event with the JSON on a data line', () => {
    expect(sseMessage({ jsonrpc: '2.0', id: 1, result: {} })).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
    );
  });

  it('gives every line of multi-line data its own data field, so no line ends the event', () => {
    expect(sseEvent('a\nb\r\nc\rd')).toBe('event: message\ndata: a\ndata: b\ndata: c\ndata: d\n\n');
  });

  it('writes comments on one line, which readers ignore', () => {
    expect(sseComment('keep-alive')).toBe(': keep-alive\n\n');
    expect(sseComment('two\nlines')).toBe(': two lines\n\n');
  });

  it('never lets a JSON string with a newline break the event', () => {
    const frame = sseMessage({ text: 'line one\nline two' });
    expect(frame.split('\n\n')).toEqual([expect.stringContaining('line one\\nline two'), '']);
  });
});
