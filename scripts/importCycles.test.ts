/**
 * No import cycles in the app's and the relay's sources (type-only imports count too: a cycle
 * of types still ties the modules' designs together).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SOURCES = ['src', 'relay/src'];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|svelte)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * The relative imports of a module (`import … from './x'`, `export … from '../y'`, `import('./z')`)
 * and the relay's `#shared/…` ones.
 */
function importsOf(source: string): string[] {
  const out: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+|#shared\/[^'"]+)['"]/g;
  for (const m of source.matchAll(pattern)) out.push(m[1]);
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('#shared/')
    ? join(root, 'src/shared', spec.slice('#shared/'.length))
    : resolve(dirname(from), spec);
  // The relay names its modules by their compiled names (`./x.js` for x.ts).
  const compiled = base.endsWith('.js') ? [`${base.slice(0, -3)}.ts`] : [];
  for (const candidate of [
    ...compiled,
    base,
    `${base}.ts`,
    `${base}.svelte.ts`,
    join(base, 'index.ts'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every cycle found by a depth-first walk, as lists of paths relative to the repository. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles.map((c) => c.map((p) => relative(root, p)));
}

describe('imports', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      [join(root, 'a.ts'), [join(root, 'b.ts')]],
      [join(root, 'b.ts'), [join(root, 'a.ts')]],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('form no cycle in the app and the relay', () => {
    const graph = new Map<string, string[]>();
    for (const dir of SOURCES) {
      for (const file of walk(join(root, dir))) {
        const deps = importsOf(readFileSync(file, 'utf8'))
          .map((spec) => resolveImport(file, spec))
          // A component that renders itself (a folder tree) is recursion, not a cycle.
          .filter((p): p is string => p !== null && p !== file);
        graph.set(file, deps);
      }
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  });
});
