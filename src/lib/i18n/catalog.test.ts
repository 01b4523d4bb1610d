/**
 * The catalog is complete and lean: every language has every key with the same placeholders,
 * every key is used somewhere in the source, and every key the source names exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { LOCALES, placeholders, type Message } from './locales';

const SRC = join(import.meta.dirname, '..', '..');
const MESSAGES = join(import.meta.dirname, 'messages');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === MESSAGES ? [] : sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const source = sourceFiles(SRC)
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');

function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : Object.values(message);
}

const keys = Object.keys(CATALOG.en);

describe('UI catalog', () => {
  it('has messages', () => {
    expect(keys.length).toBeGreaterThan(0);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (locale) => {
    const own = Object.keys(CATALOG[locale]);
    expect(
      keys.filter((k) => !own.includes(k)),
      'missing',
    ).toEqual([]);
    expect(
      own.filter((k) => !keys.includes(k)),
      'extra',
    ).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty message and the English placeholders', (locale) => {
    const wrong: string[] = [];
    for (const key of keys) {
      const want = placeholders(texts(CATALOG.en[key]).join(' '));
      for (const text of texts(CATALOG[locale][key])) {
        if (!text.trim()) wrong.push(`${key}: empty`);
        const got = placeholders(text).filter((p) => p !== 'count');
        const missing = want.filter((p) => p !== 'count' && !got.includes(p));
        const extra = got.filter((p) => !want.includes(p));
        if (missing.length || extra.length) wrong.push(`${key}: ${JSON.stringify(text)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('uses every key somewhere in the source', () => {
    const unused = keys.filter(
      (key) => !new RegExp(`['"\`]${key.replace('.', '\\.')}['"\`]`).test(source),
    );
    expect(unused).toEqual([]);
  });

  it('names no key that does not exist', () => {
    const named = [...source.matchAll(/\bt\(\s*['"`]([\w-]+\.[\w-]+)['"`]/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((key) => !(key in CATALOG.en))).toEqual([]);
  });
});
