/**
 * The tests, benchmarks and scripts read only what the repository holds (the corpus lives in
 * `tests/corpus`, the CJK documents in `src/lib/cjk/fixtures`), so they run from a fresh clone.
 * This scans their source for paths that climb out of the repository root.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['src', 'tests', 'bench', 'relay', 'scripts'];
/** Folders that hold data or build output, not code. */
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'corpus', 'fixtures']);
const CODE = /\.(?:ts|js|mjs|cjs|svelte)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

/** Every file to scan: the folders above and the configuration files at the top. */
function scannedFiles(): string[] {
  const top = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(ROOT, entry.name));
  return [...top, ...SCANNED.flatMap((dir) => codeFiles(join(ROOT, dir)))];
}

function outside(path: string): boolean {
  const rel = relative(ROOT, path);
  return rel === '..' || rel.startsWith('..' + sep) || isAbsolute(rel);
}

/** The snippets of `text` (the source of `file`) that name a path outside the repository. */
function climbsOut(file: string, text: string): string[] {
  const found: string[] = [];
  // A string that starts with one or more ../ steps, as in imports and in
  // `new URL(…, import.meta.url)`, taken from the file's own folder.
  for (const match of text.matchAll(/(['"`])((?:\.\.\/)+[^'"`\s]*)\1/g)) {
    if (outside(resolve(dirname(file), match[2]))) found.push(match[0]);
  }
  // Path pieces joined onto the file's folder with join or resolve (__dirname, then strings).
  const pieces = /\b(?:join|resolve)\(\s*(__dirname|import\.meta\.dirname)((?:\s*,\s*'[^']*')+)/g;
  for (const match of text.matchAll(pieces)) {
    const parts = [...match[2].matchAll(/'([^']*)'/g)].map((part) => part[1]);
    if (outside(resolve(dirname(file), ...parts))) found.push(match[0]);
  }
  // A step up from a variable holding the repository root (its name contains "root").
  for (const match of text.matchAll(/\b(?:join|resolve)\(\s*\w*root\w*\s*,\s*(['"])\.\.\1/gi)) {
    found.push(match[0]);
  }
  // The folder of reference material next to the repository, however it is spelled (the
  // repository's own src/shared, reached by a relative import, is not it).
  for (const match of text.matchAll(/\.\.(?:['"]\s*,\s*['"]|\/)shared\b/g)) {
    if (!reachesOwnShared(file, text, match.index)) found.push(match[0]);
  }
  return found;
}

/** Whether the quoted relative path around `index` leads from `file` into src/shared. */
function reachesOwnShared(file: string, text: string, index: number): boolean {
  const open = Math.max(text.lastIndexOf("'", index), text.lastIndexOf('"', index));
  if (open < 0) return false;
  const close = text.indexOf(text[open], index);
  const path = text.slice(open + 1, close);
  if (close < 0 || !path.startsWith('../')) return false;
  const rel = relative(join(ROOT, 'src', 'shared'), resolve(dirname(file), path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

describe('tests, benchmarks and scripts', () => {
  const files = scannedFiles();

  it('are all scanned', () => {
    const names = files.map((file) => relative(ROOT, file));
    expect(names.length).toBeGreaterThan(100);
    for (const name of [
      'scripts/insideRepository.test.ts',
      'bench/run.mjs',
      'tests/fidelity.spec.ts',
      'src/lib/cjk/pangu.test.ts',
      'relay/src/main.ts',
      'playwright.config.ts',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('read nothing outside the repository', () => {
    const violations = files.flatMap((file) =>
      climbsOut(file, readFileSync(file, 'utf8')).map(
        (snippet) => `${relative(ROOT, file)}: ${snippet}`,
      ),
    );
    expect(
      violations,
      'These files name paths outside the repository, so they fail in a fresh clone. Keep test ' +
        'data inside the repository (tests/corpus, or fixtures next to the test).',
    ).toEqual([]);
  });
});

describe('climbsOut', () => {
  // Built from pieces so that this file does not match its own patterns.
  const up = '.'.repeat(2);
  const file = join(ROOT, 'src/lib/cjk/example.test.ts');

  it.each([
    [`new URL('${up}/${up}/${up}/${up}/shared/corpus/', import.meta.url)`],
    [`new URL('${up}/${up}/${up}/${up}/elsewhere/', import.meta.url)`],
    [`import data from '${up}/${up}/${up}/${up}/${up}/data.json';`],
    [`join(root, '${up}', 'shared', 'corpus')`],
    [`resolve(repoRoot, "${up}")`],
    [`join(__dirname, '${up}', '${up}', '${up}', '${up}', 'seeds')`],
    [`readFileSync('${up}/shared/seeds/a.txt')`],
  ])('flags %s', (source) => {
    expect(climbsOut(file, source)).not.toEqual([]);
  });

  it.each([
    [`new URL('${up}/${up}/${up}/tests/corpus/markdown/', import.meta.url)`],
    [`import { x } from '${up}/core/types';`],
    [`new URL('./fixtures/', import.meta.url)`],
    [`join(root, 'tests', 'corpus', 'workflows')`],
    [`join(__dirname, '${up}', 'transform.ts')`],
    [`expect(isValidName('${up}')).toBe(false)`],
    [`const sharedState = {}; // a shared helper`],
    [`import { REFUSALS } from '${up}/${up}/shared/refusals';`],
  ])('lets %s pass', (source) => {
    expect(climbsOut(file, source)).toEqual([]);
  });
});
