/**
 * `import run from './classic.js?scoped'` gives a function that runs a classic script with a
 * global object of the caller's choosing: `run(scope)` runs the script's code with `globalThis`
 * bound to `scope`. It does what `new Function('globalThis', text)` would do, but at build time,
 * so the app needs no `'unsafe-eval'` in its Content-Security-Policy.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const QUERY = '?scoped';
/**
 * Ids of the wrapped modules. Virtual, in Vite's spelling, so that no tool loads the file as it
 * is: Vitest would otherwise import a file under node_modules with Node, past this plugin.
 */
const PREFIX = '\0virtual:scoped:';

/** The module text that wraps a classic script's code. */
export function scopedModule(code: string): string {
  // A function body, so the script's own "use strict" stays a directive.
  return `export default function runScoped(globalThis) {\n${code}\n}\n`;
}

export function scopedScriptPlugin(): Plugin {
  return {
    name: 'vmark-scoped-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const file = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return file ? PREFIX + file.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      // The dev server may add a version query (`?v=…`) to the id.
      const file = id.slice(PREFIX.length).replace(/\?.*$/, '');
      this.addWatchFile(file);
      return scopedModule(readFileSync(file, 'utf8'));
    },
  };
}
