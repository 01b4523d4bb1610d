#!/usr/bin/env node
// `vmark-relay`: the stdio relay an AI client runs (see docs/relay.md). The code lives in
// relay/dist, compiled from relay/src by `npm run build` (or `npx tsc -b relay`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/stdio.js', import.meta.url);
if (!existsSync(entry)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  process.stderr.write(
    `vmark-relay: the relay is not built (${fileURLToPath(entry)} is missing).\n` +
      `Build it with \`npm run build\` (or just the relay: \`npx tsc -b relay\`) in ${root}\n`,
  );
  process.exit(1);
}
await import(entry.href);
