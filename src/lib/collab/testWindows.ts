/**
 * Windows and the core over message ports that a unit test delivers one message at a time, in any
 * order the ports allow (each port keeps its own order, as comlink's do): the core's real
 * `Documents` and real `CollabClient`s, and the core's record of who composes where.
 */
import { Documents } from '../core/store/documents';
import { LF_FORMAT } from '../core/store/docState';
import { MemoryFiles } from '../core/store/memoryFiles';
import { DocumentStore } from '../core/store/documentStore';
import type { Splice } from '../core/store/textEdit';
import { CollabClient } from './collabClient';
import { Compositions } from './compositions';

/** A FIFO message port: messages arrive in order, whenever the test delivers them. */
export class Port {
  readonly queue: (() => void)[] = [];
  post(message: () => void): void {
    this.queue.push(message);
  }
}

export interface TestWindow {
  id: string;
  client: CollabClient;
  /** Requests to the core, and the core's answers (one comlink port). */
  toCore: Port;
  answers: Port;
  /** Pushed steps, and the core's flush requests with their answers (other ports). */
  pushes: Port;
  flushes: Port;
  /** The changes made elsewhere the editor was asked to show, and whether it was composing. */
  shown: { splices: Splice[]; whileComposing: boolean }[];
  /** The person starts or ends a composition: the window holds changes, the core hears of it. */
  compose(composing: boolean): void;
  composing: boolean;
  typed: string[];
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

export function setupWindows(text: string, windowIds: string[]) {
  const files = new MemoryFiles();
  const store = new DocumentStore();
  const compositions = new Compositions();
  for (const id of windowIds) store.claimWindowId(id);
  const windows = new Map<string, TestWindow>();
  const documents = new Documents(store, files, {
    draft: () => undefined,
    forget: () => undefined,
    changed: () => undefined,
    textChanged: () => undefined,
    layoutChanged: () => undefined,
    accessLost: async () => undefined,
    push: (_doc, step) => {
      for (const w of windows.values()) {
        if (w.id !== step.origin) w.pushes.post(() => w.client.notify(step));
      }
    },
    flushViewers: () =>
      Promise.all(
        [...windows.values()].map(
          (w) =>
            new Promise<void>((resolve) =>
              w.flushes.post(() => void w.client.flushed().then(() => w.flushes.post(resolve))),
            ),
        ),
      ).then(() => undefined),
    composing: (tabId) => compositions.composingIn(tabId, 0).length > 0,
  });
  const doc = store.addTab(windowIds[0], { path: null, kind: 'markdown', text, format: LF_FORMAT });
  for (const id of windowIds) {
    const toCore = new Port();
    const answers = new Port();
    const call = <T>(work: () => T) =>
      new Promise<T>((resolve) =>
        toCore.post(() => {
          const r = work();
          answers.post(() => resolve(r));
        }),
      );
    const client = new CollabClient(
      {
        send: (base, splices, proposed) =>
          call(() => {
            const r = documents.edit(doc.id, base, splices, id, proposed);
            if (r.ok) return r;
            return r.error === 'STALE'
              ? { ok: false as const, stale: true as const, version: r.current_version ?? 0 }
              : { ok: false as const, stale: false as const, message: r.message };
          }),
        catchUp: (since) => call(() => documents.changesSince(doc.id, since)),
      },
      { text: doc.text, version: doc.version, revision: doc.revision },
    );
    const w: TestWindow = {
      id,
      client,
      toCore,
      answers,
      pushes: new Port(),
      flushes: new Port(),
      shown: [],
      composing: false,
      compose(composing) {
        w.composing = composing;
        client.setComposing(composing);
        toCore.post(() => compositions.set(doc.id, id, composing, 0));
      },
      typed: [],
    };
    client.listen({
      remote: (_text, splices) => w.shown.push({ splices, whileComposing: w.composing }),
      revision: () => undefined,
      refused: () => undefined,
    });
    windows.set(id, w);
  }
  return { documents, doc, windows: [...windows.values()] };
}

/** Every port of a window, in a fixed order (a test picks one by index). */
export function portsOf(w: TestWindow): Port[] {
  return [w.toCore, w.answers, w.pushes, w.flushes];
}

/** Delivers everything still in flight, in each port's order, until all is quiet. */
export async function drain(windows: readonly TestWindow[]): Promise<void> {
  for (let round = 0; round < 10_000; round++) {
    const busy = windows.flatMap(portsOf).filter((p) => p.queue.length);
    if (busy.length === 0) {
      await settle();
      if (windows.flatMap(portsOf).every((p) => !p.queue.length)) return;
      continue;
    }
    busy[round % busy.length].queue.shift()?.();
    await settle();
  }
}
