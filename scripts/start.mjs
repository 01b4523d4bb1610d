// `npm start`: builds the app and the relay when their sources are newer than the build, then
// runs the hub.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = [
  'src',
  'static',
  'relay/src',
  'package-lock.json',
  'vite.config.ts',
  'svelte.config.js',
];
const OUTPUTS = ['build/index.html', 'relay/dist/main.js'];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const outputs = OUTPUTS.map((p) => join(root, p));
const built = outputs.every((p) => existsSync(p));
const sourceTime = Math.max(
  ...SOURCES.map((p) => join(root, p))
    .filter(existsSync)
    .map(newest),
);
const buildTime = built ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
if (!built || sourceTime > buildTime) {
  console.error(built ? 'Sources changed since the last build; building…' : 'Building VMark Web…');
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(join(root, 'relay/dist/main.js'));
