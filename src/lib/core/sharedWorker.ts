/// <reference lib="webworker" />
/** SharedWorker entry: one core for every window of the app. */
import './zodWithoutEval';
import * as Comlink from 'comlink';
import { Core } from './core';

const ready = Core.start();
ready.catch((e) => console.error('VMark Web core failed to start', e));

(self as unknown as SharedWorkerGlobalScope).onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  void ready.then((core) => Comlink.expose(core, port));
};
