import { describe, expect, it } from 'vitest';
import {
  destinationOf,
  HttpSessionTable,
  newSessionId,
  progressKeyOf,
  type SessionUse,
  type Waiting,
} from './httpSessions.js';
import { idKey } from '../framing/jsonRpc.js';

describe('session ids', () => {
  it('are 43 visible ASCII characters, different every time', () => {
    const a = newSessionId();
    expect(a).toMatch(/^[\x21-\x7e]{43}$/);
    expect(newSessionId()).not.toBe(a);
  });
});

describe('the session table', () => {
  it('refuses a session beyond the limit, and has room again once one ends', () => {
    let n = 0;
    const table = new HttpSessionTable<string>(
      { maxSessions: 2, idleMs: 1000, lostStreamMs: 10 },
      () => `id${++n}`,
    );
    expect(table.create('a', 0)).toBe('id1');
    expect(table.create('b', 0)).toBe('id2');
    expect(table.create('c', 0)).toBeNull();
    expect(table.delete('id1')).toBe('a');
    expect(table.get('id1')).toBeUndefined();
    expect(table.create('c', 0)).toBe('id3');
    expect(table.get('id3')).toBe('c');
  });

  it('ends a session unused for the idle time, unless it is busy', () => {
    let n = 0;
    type S = { name: string; use: SessionUse };
    const table = new HttpSessionTable<S>(
      { maxSessions: 10, idleMs: 1000, lostStreamMs: 100 },
      () => `id${++n}`,
    );
    const quiet: S = { name: 'quiet', use: 'idle' };
    const streaming: S = { name: 'streaming', use: 'busy' };
    const recent: S = { name: 'recent', use: 'idle' };
    table.create(quiet, 0);
    table.create(streaming, 0);
    table.create(recent, 0);
    table.touch('id3', 600);
    expect(table.takeExpired(999, (s) => s.use)).toEqual([]);
    expect(table.takeExpired(1000, (s) => s.use)).toEqual([quiet]);
    expect(table.get('id1')).toBeUndefined();
    expect(table.takeExpired(1600, (s) => s.use)).toEqual([recent]);
    expect(table.values()).toEqual([streaming]);
  });

  it('ends a session whose client dropped its stream sooner, unless it came back', () => {
    let n = 0;
    type S = { use: SessionUse };
    const table = new HttpSessionTable<S>(
      { maxSessions: 10, idleMs: 1000, lostStreamMs: 100 },
      () => `id${++n}`,
    );
    const gone: S = { use: 'stream-lost' };
    const back: S = { use: 'stream-lost' };
    table.create(gone, 0);
    table.create(back, 0);
    table.touch('id2', 50);
    expect(table.takeExpired(99, (s) => s.use)).toEqual([]);
    expect(table.takeExpired(100, (s) => s.use)).toEqual([gone]);
    back.use = 'busy';
    expect(table.takeExpired(5000, (s) => s.use)).toEqual([]);
  });

  it('never hands out an id twice', () => {
    const ids = ['same', 'same', 'other'];
    const table = new HttpSessionTable<number>({ maxSessions: 5, idleMs: 1, lostStreamMs: 1 }, () =>
      ids.shift()!,
    );
    expect(table.create(1, 0)).toBe('same');
    expect(table.create(2, 0)).toBe('other');
  });
});

describe('where a message from the app goes', () => {
  const waiting = new Map<string, Waiting>([
    [idKey(1), { stream: false, progressKey: null }],
    [idKey('b'), { stream: true, progressKey: idKey('tok') }],
  ]);

  it('an answer ends the POST that waits for it; one nobody waits for goes nowhere', () => {
    expect(destinationOf({ jsonrpc: '2.0', id: 1, result: {} }, waiting)).toEqual({
      to: 'answer',
      key: idKey(1),
    });
    expect(destinationOf({ jsonrpc: '2.0', id: '1', result: {} }, waiting)).toEqual({
      to: 'nowhere',
    });
    const error = { jsonrpc: '2.0' as const, id: null, error: { code: 1, message: 'x' } };
    expect(destinationOf(error, waiting)).toEqual({ to: 'nowhere' });
  });

  it('progress about a streamed request goes on its POST; other progress on the GET stream', () => {
    const progress = (progressToken: string | number) => ({
      jsonrpc: '2.0' as const,
      method: 'notifications/progress',
      params: { progressToken, progress: 1 },
    });
    expect(destinationOf(progress('tok'), waiting)).toEqual({ to: 'related', key: idKey('b') });
    expect(destinationOf(progress('other'), waiting)).toEqual({ to: 'stream' });
  });

  it('the server’s own requests and other notifications go on the GET stream', () => {
    expect(
      destinationOf({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} }, waiting),
    ).toEqual({ to: 'stream' });
    expect(destinationOf({ jsonrpc: '2.0', method: 'notifications/message' }, waiting)).toEqual({
      to: 'stream',
    });
  });

  it('reads a request’s progress token from params._meta', () => {
    expect(progressKeyOf({ _meta: { progressToken: 5 } })).toBe(idKey(5));
    expect(progressKeyOf({ _meta: {} })).toBeNull();
    expect(progressKeyOf([1])).toBeNull();
    expect(progressKeyOf(undefined)).toBeNull();
  });
});
