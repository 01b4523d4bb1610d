/**
 * Moves SvelteKit's inline start-up script out of `build/index.html` into a file of its own, so
 * the app's Content-Security-Policy can allow scripts from the app only, with no inline script.
 * SvelteKit 2 always writes that script inline and has no option to write it to a file; it is a
 * classic script that finds its place through `document.currentScript`, which works the same
 * for a classic script loaded by `src`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the start-up script goes, inside the build folder. The service worker precaches it. */
export const BOOTSTRAP_FILE = '_app/bootstrap.js';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The page with its one inline script replaced by `<script src="/<file>">`, and that script's
 * text. Throws unless there is exactly one inline script and it has no attributes: anything else
 * means SvelteKit changed, and the page would need another look.
 */
export function moveBootstrapToFile(html: string, file: string): { html: string; script: string } {
  const inline = [...html.matchAll(SCRIPT)].filter(
    ([, attributes]) => !/\bsrc\s*=/i.test(attributes),
  );
  if (inline.length !== 1) {
    throw new Error(`Expected one inline start-up script in index.html, found ${inline.length}.`);
  }
  const [tag, attributes, text] = inline[0];
  if (attributes.trim() !== '') {
    throw new Error(
      `The inline start-up script has attributes SvelteKit did not use to write: ${attributes}`,
    );
  }
  const index = inline[0].index ?? 0;
  return {
    html: `${html.slice(0, index)}<script src="/${file}"></script>${html.slice(index + tag.length)}`,
    script: `${text.trim()}\n`,
  };
}

/** After the adapter has written `outDir`, takes the start-up script out of its index.html. */
export function bootstrapScriptPlugin(outDir = 'build'): Plugin {
  let ssr = false;
  return {
    name: 'vmark-bootstrap-script',
    apply: 'build',
    configResolved(config) {
      // The adapter runs when the server build closes; the client build closes before it.
      ssr = Boolean(config.build.ssr);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!ssr) return;
        const page = join(outDir, 'index.html');
        const moved = moveBootstrapToFile(readFileSync(page, 'utf8'), BOOTSTRAP_FILE);
        writeFileSync(join(outDir, BOOTSTRAP_FILE), moved.script);
        writeFileSync(page, moved.html);
      },
    },
  };
}
