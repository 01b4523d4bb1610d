/// <reference lib="webworker" />
/** SharedWorker entry: one core for every window of the app, and its MCP server per AI session. */
import './zodWithoutEval';
import * as Comlink from 'comlink';
import { Core } from '../core/core';
import { openMcpSession } from '../tools/server';
import { toolHostOf } from './toolHost';

const ready = Core.start();
ready.then(
  (core) => {
    const host = toolHostOf(core);
    core.startHubLink((transport, client, identity) =>
      openMcpSession(host, transport, client?.name ?? 'An AI client', identity),
    );
  },
  (e) => console.error('VMark Web core failed to start', e),
);

(self as unknown as SharedWorkerGlobalScope).onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  void ready.then((core) => Comlink.expose(core, port));
};
