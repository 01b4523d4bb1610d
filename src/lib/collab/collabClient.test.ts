/**
 * A person typing in two windows while AI clients change the same document, with every message
 * delayed and reordered the way the core's ports allow (each port keeps its own order): nothing
 * typed is lost or doubled, every accepted change is in the text once, every refusal is STALE,
 * and all copies end equal to the core's text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drain, portsOf, settle, setupWindows as setup } from './testWindows';

type Action =
  | { kind: 'type'; window: number; at: number }
  | { kind: 'delete'; window: number; at: number }
  | { kind: 'ai'; guarded: boolean; at: number; late: number }
  | { kind: 'deliver'; window: number; port: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('type' as const), window: fc.nat(1), at: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), window: fc.nat(1), at: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ai' as const),
      guarded: fc.boolean(),
      at: fc.nat(),
      late: fc.nat(3),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      window: fc.nat(1),
      port: fc.nat(3),
    }),
  },
);

/** A position in `text` that is not inside an AI's marker (so markers stay findable). */
function safeAt(text: string, at: number): number {
  let p = at % (text.length + 1);
  for (const m of text.matchAll(/<A\d+>/g)) {
    const start = m.index ?? 0;
    if (p > start && p < start + m[0].length) p = start + m[0].length;
  }
  return p;
}

/** Unique characters, so each keystroke can be found exactly once (or not at all). */
let nextChar = 0x4e00;
const freshChar = () => String.fromCharCode(nextChar++);

async function run(actions: Action[]) {
  const { documents, doc, windows } = setup('start\n', ['main', 'doc-2']);
  const accepted: string[] = [];
  const refusedCodes: string[] = [];
  const deleted = new Set<string>();
  let aiSeq = 0;
  const aiCalls: Promise<void>[] = [];
  for (const action of actions) {
    if (action.kind === 'type' || action.kind === 'delete') {
      const w = windows[action.window];
      const text = w.client.text;
      if (action.kind === 'type') {
        const ch = freshChar();
        w.typed.push(ch);
        const at = safeAt(text, action.at);
        w.client.edit([{ from: at, to: at, insert: ch }]);
      } else if (text.length > 0) {
        // The person deletes a character they typed themselves (so the count stays checkable).
        const mine = [...text].findIndex((c, i) => i >= action.at % text.length && c >= '\u4e00');
        if (mine >= 0) {
          deleted.add(text[mine]);
          w.client.edit([{ from: mine, to: mine + 1, insert: '' }]);
        }
      }
    } else if (action.kind === 'ai') {
      // An AI client reads, and writes a little later: with the revision it read, or without.
      const marker = `<A${++aiSeq}>`;
      const read = { text: doc.text, revision: doc.revision };
      const at = safeAt(read.text, action.at);
      for (let i = 0; i < action.late; i++) await settle();
      aiCalls.push(
        documents
          .mutate(
            doc.id,
            { origin: 'mcp', expectedRevision: action.guarded ? read.revision : undefined },
            // Guarded: the whole text it read, edited. Unguarded: an edit of the current text.
            (current) => ({
              ok: true,
              text: action.guarded
                ? read.text.slice(0, at) + marker + read.text.slice(at)
                : current.text.slice(0, safeAt(current.text, action.at)) +
                  marker +
                  current.text.slice(safeAt(current.text, action.at)),
            }),
          )
          .then((r) => {
            if (r.ok) accepted.push(marker);
            else refusedCodes.push(r.error);
          }),
      );
    } else {
      const w = windows[action.window];
      portsOf(w)[action.port].queue.shift()?.();
    }
    await settle();
  }
  await drain(windows);
  await Promise.all(aiCalls);
  return { doc, windows, accepted, refusedCodes, deleted, documents };
}

describe('CollabClient with the core, messages reordered', () => {
  it('loses no keystroke and no accepted change, and every copy ends equal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 5, maxLength: 60 }), async (actions) => {
        const { doc, windows, accepted, refusedCodes, deleted } = await Promise.race([
          run(actions),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('stuck')), 2000)),
        ]);
        for (const w of windows) {
          expect(w.client.text).toBe(doc.text);
          expect(w.client.idle).toBe(true);
          expect(w.client.revision).toBe(doc.revision);
          for (const ch of w.typed) {
            const count = doc.text.split(ch).length - 1;
            expect(count, `keystroke ${ch}`).toBe(deleted.has(ch) ? 0 : 1);
          }
        }
        for (const marker of accepted) expect(doc.text.split(marker).length - 1, marker).toBe(1);
        expect(refusedCodes.every((c) => c === 'STALE')).toBe(true);
        for (const code of refusedCodes) expect(code).toBe('STALE');
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  }, 120_000);

  it('refuses a guarded change as STALE when the person typed after the read, even unsent', async () => {
    const { documents, doc, windows } = setup('abc', ['main']);
    const read = doc.revision;
    // The keystroke is still on its way: nothing has been delivered to the core yet.
    windows[0].client.edit([{ from: 3, to: 3, insert: 'd' }]);
    expect(doc.text).toBe('abc');
    const pending = documents.mutate(doc.id, { origin: 'mcp', expectedRevision: read }, () => ({
      ok: true,
      text: 'abc!',
    }));
    for (let i = 0; i < 20; i++) {
      for (const p of [windows[0].flushes, windows[0].toCore, windows[0].answers])
        p.queue.shift()?.();
      await settle();
    }
    const r = await pending;
    expect(r).toMatchObject({ ok: false, error: 'STALE', current_revision: doc.revision });
    expect(doc.text).toBe('abcd');
  });

  it('keeps the person’s unsent keystrokes when an unguarded change lands first', async () => {
    const { documents, doc, windows } = setup('hello world', ['main']);
    const w = windows[0];
    const pending = documents.mutate(doc.id, { origin: 'mcp' }, (d) => ({
      ok: true,
      text: d.text.replace('world', 'there'),
    }));
    // The window answers the core's flush (nothing typed yet), then the person types: the
    // keystroke is on its way when the AI's change lands.
    w.flushes.queue.shift()?.();
    await settle();
    w.client.edit([{ from: 5, to: 5, insert: ',' }]);
    w.flushes.queue.shift()?.();
    expect((await pending).ok).toBe(true);
    expect(doc.text).toBe('hello there');
    for (let i = 0; i < 30; i++) {
      for (const p of [w.pushes, w.toCore, w.answers, w.flushes]) p.queue.shift()?.();
      await settle();
    }
    expect(doc.text).toBe('hello, there');
    expect(w.client.text).toBe('hello, there');
  });
});
