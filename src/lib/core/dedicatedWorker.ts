/// <reference lib="webworker" />
/** Dedicated Worker entry, for browsers without SharedWorker: one core per window. */
import * as Comlink from 'comlink';
import { Core } from './core';

void Core.start().then((core) => Comlink.expose(core));
