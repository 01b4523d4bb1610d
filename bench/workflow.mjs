// workflow.apply_patch against a plain `yaml` parse + stringify of the same file, in one process:
// a 100-line workflow from the corpus and a 5,000-line one made by repeating its job.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { parseDocument } from 'yaml';
import { median } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const CORPUS = join(root, 'tests', 'corpus', 'workflows');

/**
 * p50 of `a` and of `b`, run in turns (a, b, b, a, …) so both see the same state of a busy
 * machine and of the JIT.
 */
function timeBoth(n, a, b) {
  for (let i = 0; i < Math.min(20, n); i++) {
    a();
    b();
  }
  const as = [];
  const bs = [];
  const once = (fn, out) => {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  };
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      once(a, as);
      once(b, bs);
    } else {
      once(b, bs);
      once(a, as);
    }
  }
  return [median(as), median(bs)];
}

/** The corpus file repeated job by job (ids made unique) until it has at least `lines` lines. */
function grow(source, lines) {
  const at = source.indexOf('\njobs:\n') + '\njobs:\n'.length;
  const head = source.slice(0, at);
  const jobs = source.slice(at);
  let out = source;
  for (let i = 2; out.split('\n').length < lines; i++) {
    out += jobs.replace(/^ {2}([A-Za-z0-9_-]+):/gm, `  $1_${i}:`);
  }
  return head + out.slice(head.length);
}

export async function runWorkflowBench() {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  try {
    const { applyPatches, parsePatches } = await server.ssrLoadModule(
      '/src/lib/githubActions/patches/index.ts',
    );
    const small = readFileSync(join(CORPUS, 'deployments_aws.yml'), 'utf8');
    const files = [
      ['100-line workflow (deployments_aws.yml)', small],
      ['5,000-line workflow (its job repeated)', grow(small, 5000)],
    ];
    const parsed = parsePatches([
      { kind: 'workflow.set', path: 'name', value: 'Deploy (benchmark)' },
      { kind: 'job.set', jobId: 'deploy', path: 'runs-on', value: 'ubuntu-24.04' },
      { kind: 'with.set', jobId: 'deploy', stepIndex: 0, key: 'fetch-depth', value: 2 },
    ]);
    if (!parsed.ok) throw new Error(parsed.message);
    const rows = [];
    for (const [label, text] of files) {
      const check = applyPatches(text, parsed.patches);
      if (!check.ok || !check.changed)
        throw new Error(`the patches did not apply: ${check.message}`);
      const runs = text.length > 50_000 ? 40 : 400;
      const [patch, plain] = timeBoth(
        runs,
        () => applyPatches(text, parsed.patches),
        () => parseDocument(text).toString(),
      );
      rows.push([
        `${label}, ${text.split('\n').length} lines: 3 patches vs parse + stringify (p50)`,
        `${patch.toFixed(2)} ms`,
        `${plain.toFixed(2)} ms`,
        `${(patch / plain).toFixed(2)}×`,
        '≤ 1.2×',
      ]);
    }
    return [
      '| measure | apply_patch | yaml parse + stringify | ratio | target |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runWorkflowBench());
