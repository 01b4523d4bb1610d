/**
 * Every file path the README and docs/ name points at something in the repository, so a newcomer
 * who follows one finds the file (issue 26: the layout may move; the docs move with it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** Top folders whose paths the docs name; built output (relay/dist, build/) is not checked. */
const ROOTS = ['src', 'relay', 'tests', 'bench', 'scripts', 'docs', 'static', 'types'];
const PATH = new RegExp(`(?<![\\w./$-])(?:${ROOTS.join('|')})/[\\w./*$+-]+`, 'g');

/** The repository paths a markdown text names, without trailing punctuation. */
export function pathsIn(markdown: string): string[] {
  const found = new Set<string>();
  for (const [match] of markdown.matchAll(PATH)) {
    const path = match.replace(/[.,:;]+$/, '').replace(/\/$/, '');
    if (!path.startsWith('relay/dist')) found.add(path);
  }
  return [...found];
}

/** Whether `path` exists; a `*` in its last segment matches any run of characters. */
function exists(path: string): boolean {
  // A path without its extension, as a test filter names a module (`src/lib/x/y` for y.ts).
  if (!path.includes('*')) return [path, `${path}.ts`].some((p) => existsSync(join(root, p)));
  const dir = dirname(path);
  const last = path.slice(dir.length + 1);
  const pattern = new RegExp(`^${last.split('*').map(escape).join('.*')}$`);
  return existsSync(join(root, dir)) && readdirSync(join(root, dir)).some((n) => pattern.test(n));
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
];

describe('paths named in the README and docs/', () => {
  it('finds paths in text, without the punctuation around them', () => {
    expect(
      pathsIn(
        'See `src/lib/mcp/tools.ts`, and tests/language*.spec.ts. Built: relay/dist/main.js.',
      ),
    ).toEqual(['src/lib/mcp/tools.ts', 'tests/language*.spec.ts']);
    expect(pathsIn('[results](bench/RESULTS.md) in docs/x.md and www.src/x')).toEqual([
      'bench/RESULTS.md',
      'docs/x.md',
    ]);
  });

  it.each(docs)('%s names only paths that exist', (doc) => {
    const missing = pathsIn(readFileSync(join(root, doc), 'utf8')).filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });
});
