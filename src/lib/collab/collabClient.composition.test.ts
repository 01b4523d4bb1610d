/**
 * The person composes text with an input method while AI clients and another window change the
 * same document, every message delayed and reordered as the ports allow. A composing window holds
 * what comes in and shows it only after the composition ends, around the committed text; the core
 * refuses AI changes with BUSY while it knows of a composition. Every committed character ends in
 * the text once, nothing the input method showed on the way stays, and all copies end equal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drain, portsOf, settle, setupWindows, type TestWindow } from './testWindows';

/** Unique characters: committed ones, and the ones an input method shows on the way. */
let nextCommitted = 0x4e00;
let nextPreedit = 0x3400;
const committed = () => String.fromCharCode(nextCommitted++);
const preedit = () => String.fromCharCode(nextPreedit++);

/** A composition in progress: where it sits in the window's text and what it shows now. */
interface Composition {
  at: number;
  shows: string;
}

/** The input method shows `next` in place of what the composition showed so far. */
function update(w: TestWindow, c: Composition, next: string): void {
  expect(w.client.text.slice(c.at, c.at + c.shows.length), 'the composition stays put').toBe(
    c.shows,
  );
  w.client.edit([{ from: c.at, to: c.at + c.shows.length, insert: next }]);
  c.shows = next;
}

/** The input method commits `text` and the composition ends. */
function commit(w: TestWindow, c: Composition, text: string): void {
  update(w, c, text);
  w.typed.push(text);
  w.compose(false);
}

function start(w: TestWindow, at: number): Composition {
  w.compose(true);
  return { at, shows: '' };
}

const write = (
  documents: ReturnType<typeof setupWindows>['documents'],
  tabId: string,
  mark: string,
) =>
  documents.mutate(tabId, { origin: 'mcp', refuseWhileComposing: true }, (d) => ({
    ok: true,
    text: `${mark}${d.text}`,
  }));

describe('a composing window holds what comes in until the composition ends', () => {
  it('a write let through just before the composition began shows after it, around the committed text', async () => {
    const { documents, doc, windows } = setupWindows('Alpha\n', ['main']);
    const [w] = windows;
    // The write is under way (it waits for the window's typing) when the person starts composing.
    const writing = write(documents, doc.id, '<AI>\n');
    portsOf(w)[3].queue.shift()?.();
    await settle();
    const c = start(w, 5);
    update(w, c, 'ㅎ');
    portsOf(w)[3].queue.shift()?.();
    expect(await writing).toMatchObject({ ok: true });
    expect(doc.text).toBe('<AI>\nAlpha\n');
    // The change is pushed while the person composes: the window does not show it yet.
    await drain(windows);
    expect(w.client.text).toBe('Alphaㅎ\n');
    update(w, c, '하');
    update(w, c, '한');
    await drain(windows);
    expect(w.shown).toEqual([]);
    expect(w.client.text).toBe('Alpha한\n');
    commit(w, c, '한');
    await drain(windows);
    expect(w.shown).toEqual([
      { splices: [{ from: 0, to: 0, insert: '<AI>\n' }], whileComposing: false },
    ]);
    expect(doc.text).toBe('<AI>\nAlpha한\n');
    expect(w.client.text).toBe(doc.text);
    expect(w.client.revision).toBe(doc.revision);
  });

  it('once the core knows, AI changes are BUSY; after the end they apply once', async () => {
    const { documents, doc, windows } = setupWindows('中', ['main']);
    const [w] = windows;
    const c = start(w, 1);
    for (const shows of ['z', 'zh', 'zhong']) update(w, c, shows);
    await drain(windows);
    const busy = await write(documents, doc.id, 'AI ');
    expect(busy).toMatchObject({ ok: false, error: 'BUSY', retry_after_ms: expect.any(Number) });
    expect(doc.text).toBe('中zhong');
    commit(w, c, '文');
    await drain(windows);
    const after = write(documents, doc.id, 'AI ');
    await drain(windows);
    expect(await after).toMatchObject({ ok: true });
    expect(doc.text).toBe('AI 中文');
    expect(w.client.text).toBe(doc.text);
  });

  it('a catch-up answered after a composition began is shown only when it ends', async () => {
    const { documents, doc, windows } = setupWindows('ab', ['main', 'doc-2']);
    const [w, other] = windows;
    // The other window types; this one learns of the change only from a snapshot (a version).
    other.client.edit([{ from: 2, to: 2, insert: 'c' }]);
    await drain([other]);
    expect(doc.text).toBe('abc');
    w.pushes.queue.length = 0;
    w.client.knownVersion(doc.version);
    await settle();
    // Its catch-up is on the way to the core when the person starts composing.
    const c = start(w, 0);
    update(w, c, 'ㄱ');
    await drain(windows);
    expect(w.shown).toEqual([]);
    expect(w.client.text).toBe('ㄱab');
    commit(w, c, '글');
    await drain(windows);
    expect(w.shown).toEqual([
      { splices: [{ from: 3, to: 3, insert: 'c' }], whileComposing: false },
    ]);
    expect(doc.text).toBe('글abc');
    expect(w.client.text).toBe(doc.text);
    expect(documents.changesSince(doc.id, 0)).toMatchObject({ ok: true });
  });
});

type Action =
  | { kind: 'type'; window: number; at: number }
  | { kind: 'compose'; window: number; at: number }
  | { kind: 'commit'; window: number }
  | { kind: 'ai'; at: number; late: number }
  | { kind: 'deliver'; window: number; port: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('type' as const), window: fc.nat(1), at: fc.nat() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('compose' as const),
      window: fc.nat(1),
      at: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('commit' as const), window: fc.nat(1) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('ai' as const), at: fc.nat(), late: fc.nat(3) }),
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

/** A position in `text` outside AI markers and outside the window's composition. */
function freeAt(text: string, at: number): number {
  let p = at % (text.length + 1);
  for (const m of text.matchAll(/<A\d+>/g)) {
    const s = m.index ?? 0;
    if (p > s && p < s + m[0].length) p = s + m[0].length;
  }
  return p;
}

async function run(actions: Action[]) {
  const { documents, doc, windows } = setupWindows('start\n', ['main', 'doc-2']);
  const compositions = new Map<TestWindow, Composition>();
  const accepted: string[] = [];
  const refused: string[] = [];
  const preedits: string[] = [];
  const calls: Promise<void>[] = [];
  let aiSeq = 0;
  for (const action of actions) {
    if (action.kind === 'ai') {
      const marker = `<A${++aiSeq}>`;
      for (let i = 0; i < action.late; i++) await settle();
      calls.push(
        documents
          .mutate(doc.id, { origin: 'mcp', refuseWhileComposing: true }, (d) => {
            const at = freeAt(d.text, action.at);
            return { ok: true, text: d.text.slice(0, at) + marker + d.text.slice(at) };
          })
          .then((r) => void (r.ok ? accepted.push(marker) : refused.push(r.error))),
      );
    } else if (action.kind === 'deliver') {
      portsOf(windows[action.window])[action.port].queue.shift()?.();
    } else {
      const w = windows[action.window];
      const c = compositions.get(w);
      if (action.kind === 'commit') {
        if (c) commit(w, c, committed());
        compositions.delete(w);
      } else if (action.kind === 'compose') {
        const going = c ?? start(w, freeAt(w.client.text, action.at));
        compositions.set(w, going);
        const shows = going.shows + preedit();
        preedits.push(...shows.slice(going.shows.length));
        update(w, going, shows);
      } else if (!c) {
        const ch = committed();
        w.typed.push(ch);
        const at = freeAt(w.client.text, action.at);
        w.client.edit([{ from: at, to: at, insert: ch }]);
      }
    }
    await settle();
  }
  // Whatever is in flight arrives while the compositions still go on; then they end.
  await drain(windows);
  for (const [w, c] of compositions) commit(w, c, committed());
  await drain(windows);
  await Promise.all(calls);
  return { doc, windows, accepted, refused, preedits };
}

describe('compositions, typing and AI changes, messages reordered', () => {
  it('keeps every committed character once, drops what the input method showed on the way, and every copy ends equal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(actionArb, { minLength: 5, maxLength: 60, size: 'max' }),
        async (actions) => {
          const { doc, windows, accepted, refused, preedits } = await Promise.race([
            run(actions),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('stuck')), 2000)),
          ]);
          for (const w of windows) {
            expect(w.client.text).toBe(doc.text);
            expect(w.client.idle).toBe(true);
            expect(w.shown.filter((s) => s.whileComposing)).toEqual([]);
            for (const ch of w.typed) expect(doc.text.split(ch).length - 1, `typed ${ch}`).toBe(1);
          }
          for (const ch of preedits) expect(doc.text, `preedit ${ch}`).not.toContain(ch);
          for (const marker of accepted) expect(doc.text.split(marker).length - 1, marker).toBe(1);
          expect(refused.filter((code) => code !== 'BUSY')).toEqual([]);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  }, 120_000);
});
