/**
 * `vmark-relay`: the stdio relay an AI client runs. Newline-delimited JSON-RPC on stdin and stdout,
 * carried to the hub at ws://127.0.0.1:$VMARK_PORT/ai. Only JSON-RPC ever goes to stdout;
 * diagnostics go to stderr.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkClientCredential, MALFORMED_CLIENT_TOKEN } from './auth/clientCredential.js';
import { launchHub } from './transports/hubLauncher.js';
import { MAX_FRAME_BYTES } from './framing/limits.js';
import { LineReader } from './framing/lineFraming.js';
import { loadManifest } from './manifest.js';
import { portFromEnv } from './port.js';
import { hubUnreachable } from './sentences.js';
import { StdioBridge } from './transports/stdioBridge.js';
import { readToken } from './auth/tokenFile.js';
import { RELAY_VERSION } from './version.js';
import { vmarkHomePath } from './vmarkHome.js';

const log = (message: string) => process.stderr.write(`vmark-relay: ${message}\n`);
// Whatever a dependency prints must not corrupt the JSON-RPC stream.
console.log = console.info = console.debug = console.error;

function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

const port = portFromEnv(process.env.VMARK_PORT);
if (!port.ok) {
  log(port.message);
  process.exit(2);
}
// Who the client is, in the app's eyes; a malformed value is refused, never sent.
const credential = checkClientCredential(process.env.VMARK_CLIENT_TOKEN);
if (!credential.ok) {
  log(MALFORMED_CLIENT_TOKEN);
  process.exit(2);
}
const home = vmarkHomePath();
const appUrl = `http://127.0.0.1:${port.port}/`;
const hubUrl = `ws://127.0.0.1:${port.port}/ai`;
const build = fileURLToPath(new URL('../../build/', import.meta.url));
const { manifest } = await loadManifest(join(build, 'mcp-manifest.json'));

const bridge = new StdioBridge({
  hubUrl,
  appUrl,
  readToken: () => readToken(home),
  clientCredential: credential.credential,
  launchHub: async () => {
    const logPath = await launchHub(home);
    log(`started a hub in the background; its log is ${logPath}`);
  },
  noApp: { manifest, version: RELAY_VERSION, unavailable: hubUnreachable(hubUrl, appUrl) },
  write: (line) => {
    process.stdout.write(`${line}\n`);
  },
  log,
});

const reader = new LineReader(
  MAX_FRAME_BYTES,
  (line) => bridge.fromClient(line),
  () => bridge.lineTooLong(),
);

let ending = false;
async function endOfInput(): Promise<void> {
  if (ending) return;
  ending = true;
  reader.end();
  // Requests already read still get their answers (the hub answers each within 25 s).
  await bridge.drain(30_000);
  bridge.stop();
  exitAfterFlush(0);
}

process.stdin.on('data', (chunk: Buffer) => reader.push(chunk));
process.stdin.on('end', () => void endOfInput());
process.stdin.on('close', () => void endOfInput());
// The client closed our stdout: nobody is listening any more.
process.stdout.on('error', () => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    bridge.stop();
    exitAfterFlush(0);
  });
}
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`));
void bridge.start();
