import { describe, expect, it } from 'vitest';
import { answerToMalformed, nestsDeeperThan, parseJsonRpc, unavailableAnswer } from './jsonRpc.js';

describe('JSON-RPC classification', () => {
  it('tells requests, notifications and responses apart', () => {
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"method":"ping"}').kind).toBe('request');
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":"a","method":"x","params":[]}').kind).toBe(
      'request',
    );
    expect(parseJsonRpc('{"jsonrpc":"2.0","method":"notifications/initialized"}').kind).toBe(
      'notification',
    );
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"result":null}').kind).toBe('response');
    expect(
      parseJsonRpc('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}').kind,
    ).toBe('response');
  });

  it('refuses what is not JSON-RPC, keeping a readable id to answer', () => {
    expect(parseJsonRpc('{').kind).toBe('parse-error');
    expect(parseJsonRpc('[]')).toMatchObject({ kind: 'invalid', id: null });
    expect(parseJsonRpc('{"id":3,"method":"ping"}')).toMatchObject({ kind: 'invalid', id: 3 });
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1e999,"method":"ping"}')).toMatchObject({
      kind: 'invalid',
      id: null,
    });
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":{},"method":"ping"}').kind).toBe('invalid');
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"method":"ping","params":3}').kind).toBe(
      'invalid',
    );
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"result":1,"error":{}}').kind).toBe('invalid');
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1}').kind).toBe('invalid');
    expect(parseJsonRpc('{"jsonrpc":"2.0","result":1}').kind).toBe('invalid');
  });

  it('refuses nesting deeper than 512 levels without recursion', () => {
    expect(nestsDeeperThan('[[["]]]]]]"]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
    const deep = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":${'['.repeat(600)}${']'.repeat(600)}}}`;
    expect(parseJsonRpc(deep)).toMatchObject({ kind: 'invalid', id: null });
    expect(nestsDeeperThan('['.repeat(1_000_000), 512)).toBe(true);
  });

  it('answers malformed frames with -32700 or -32600', () => {
    const parse = parseJsonRpc('nope');
    const invalid = parseJsonRpc('{"jsonrpc":"1.0","id":4,"method":"x"}');
    if (parse.kind !== 'parse-error' || invalid.kind !== 'invalid') throw new Error('bad setup');
    expect(answerToMalformed(parse)).toMatchObject({ id: null, error: { code: -32700 } });
    expect(answerToMalformed(invalid)).toMatchObject({ id: 4, error: { code: -32600 } });
  });

  it('answers an unavailable tools/call as a tool error, anything else as a JSON-RPC error', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call' } as const;
    expect(unavailableAnswer(call, 'Open it.')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'Open it.' }], isError: true },
    });
    expect(unavailableAnswer({ ...call, method: 'prompts/list' }, 'Open it.')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'Open it.' },
    });
  });
});
