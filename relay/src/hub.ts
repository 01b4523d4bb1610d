/** The hub: one per user, on 127.0.0.1 only. It serves the built app (and, later, the AI sockets). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticHandler } from './staticFiles.js';

export interface HubOptions {
  port: number;
  /** The folder with the built app. */
  root: string;
}

export interface Hub {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const handle = staticHandler(options.root);
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('vmark hub: request failed', e);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
