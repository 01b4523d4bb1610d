/// <reference lib="webworker" />
/** Dedicated Worker entry, for browsers without SharedWorker: one core per window. */
import './zodWithoutEval';
import * as Comlink from 'comlink';
import { Core } from '../core/core';
import { openMcpSession } from '../tools/server';
import { toolHostOf } from './toolHost';

// The window calls as soon as the worker exists; messages that arrive while the core starts are
// kept and handed to comlink once it listens (a worker's messages are not queued for later).
const early: MessageEvent[] = [];
const keep = (event: MessageEvent) => early.push(event);
self.addEventListener('message', keep);

void Core.start().then((core) => {
  const host = toolHostOf(core);
  core.startHubLink((transport, client, identity) =>
    openMcpSession(host, transport, client?.name ?? 'An AI client', identity),
  );
  Comlink.expose(core);
  self.removeEventListener('message', keep);
  for (const event of early) {
    self.dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }));
  }
});
