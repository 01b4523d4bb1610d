// The app's core (its SharedWorker) through the browser's DevTools protocol, for the benches:
// its JS heap, and a CPU profile of what it does meanwhile. Playwright has no handle on a
// SharedWorker, so this attaches to the core's target and speaks to it by messages (as
// tests/support/coreWorker.ts does to run code there).

/** A session on the core of the app at `origin`; `send(method, params)` answers its result. */
export async function attachToCore(browser, origin) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const core = targetInfos.find(
    (t) => t.type === 'shared_worker' && t.url.startsWith(origin) && /sharedWorker/.test(t.url),
  );
  if (!core) throw new Error(`no SharedWorker core of ${origin} among the browser's targets`);
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: core.targetId,
    flatten: false,
  });
  let next = 0;
  const waiting = new Map();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message);
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    if (message.error) w.reject(new Error(`in the core: ${message.error.message}`));
    else w.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      cdp
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch(reject);
    });
  return {
    send,
    /** The core's JS heap in use, after a garbage collection, in bytes. */
    async heapUsed() {
      await send('HeapProfiler.enable');
      await send('HeapProfiler.collectGarbage');
      const { usedSize } = await send('Runtime.getHeapUsage');
      return usedSize;
    },
    async close() {
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    },
  };
}

/** The functions that took the most time of a CPU profile (self time), heaviest first. */
export function topSelfTimes(profile, count = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
}
