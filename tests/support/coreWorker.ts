/**
 * Runs a function inside the app's core, the SharedWorker every window shares. Playwright has no
 * handle on a SharedWorker, so this goes through the browser's DevTools session: find the core's
 * target, attach to it and evaluate there.
 */
import type { Page } from '@playwright/test';

interface Reply {
  id?: number;
  error?: { message: string };
  result?: { exceptionDetails?: { text: string; exception?: { description?: string } } };
}

/** Calls `fn(arg)` in the core of `page`'s app and waits for it (and its promise) to finish. */
export async function inCore<A>(page: Page, fn: (arg: A) => unknown, arg: A): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('inCore needs a page of a launched browser');
  const origin = new URL(page.url()).origin;
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const core = targetInfos.find(
      (t) => t.type === 'shared_worker' && t.url.startsWith(origin) && /sharedWorker/.test(t.url),
    );
    if (!core) throw new Error(`no SharedWorker core of ${origin} among the browser's targets`);
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: core.targetId,
      flatten: false,
    });
    const reply = new Promise<Reply>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message) as Reply;
        if (event.sessionId === sessionId && message.id === 1) resolve(message);
      });
    });
    const expression = `(${fn.toString()})(${JSON.stringify(arg)})`;
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression, awaitPromise: true, returnByValue: true },
      }),
    });
    const answer = await reply;
    await cdp.send('Target.detachFromTarget', { sessionId });
    const thrown = answer.result?.exceptionDetails;
    if (answer.error) throw new Error(`in the core: ${answer.error.message}`);
    if (thrown) throw new Error(`in the core: ${thrown.exception?.description ?? thrown.text}`);
  } finally {
    await cdp.detach();
  }
}
