/** The window side of the core: connects to the SharedWorker (or a dedicated Worker) over comlink. */
import * as Comlink from 'comlink';
import type { CoreApi, CoreEvent, EditorAgent, Snapshot } from './types';

export type CoreRemote = Comlink.Remote<CoreApi>;

export interface Connection {
  core: CoreRemote;
  windowId: string;
  snapshot: Snapshot;
  shared: boolean;
}

const WINDOW_KEY = 'vmark-window-id';

function connectWorker(): { remote: CoreRemote; shared: boolean } {
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../worker/sharedWorker.ts', import.meta.url), {
      type: 'module',
      name: 'vmark-core',
    });
    return { remote: Comlink.wrap<CoreApi>(worker.port) as CoreRemote, shared: true };
  }
  const worker = new Worker(new URL('../worker/dedicatedWorker.ts', import.meta.url), {
    type: 'module',
  });
  return { remote: Comlink.wrap<CoreApi>(worker) as CoreRemote, shared: false };
}

/** Holds this window's lock for as long as the page lives, so the core notices when it is gone. */
function holdLock(windowId: string): Promise<boolean> {
  return new Promise((resolve) => {
    void navigator.locks.request(`vmark-window-${windowId}`, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock ? new Promise<void>(() => undefined) : undefined;
    });
  });
}

export async function connectCore(
  onEvent: (event: CoreEvent) => void,
  agent: EditorAgent,
): Promise<Connection> {
  const { remote, shared } = connectWorker();
  const listener = Comlink.proxy(onEvent);
  const agentProxy = Comlink.proxy(agent);
  let preferred = sessionStorage.getItem(WINDOW_KEY);
  for (let attempt = 0; ; attempt++) {
    const { windowId, snapshot } = await remote.attach(preferred, listener, agentProxy);
    // A reload frees the previous page's lock a moment later; a duplicated tab never frees it.
    let held = await holdLock(windowId);
    for (let retry = 0; !held && retry < 10; retry++) {
      await new Promise((r) => setTimeout(r, 50));
      held = await holdLock(windowId);
    }
    if (held || attempt >= 5) {
      sessionStorage.setItem(WINDOW_KEY, windowId);
      await remote.confirmWindow(windowId);
      return { core: remote, windowId, snapshot, shared };
    }
    preferred = null;
  }
}
