import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureToken, readToken, tokenPath } from './tokenFile.js';
import { ensureVmarkHome, vmarkHomePath } from '../vmarkHome.js';

let base: string;
let home: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'vmark-token-test-'));
  home = join(base, 'home', '.vmark-web');
});
afterEach(() => rm(base, { recursive: true, force: true }));

const posix = process.platform !== 'win32';
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('VMARK_HOME', () => {
  it('defaults to ~/.vmark-web and follows VMARK_HOME', () => {
    expect(vmarkHomePath({ HOME: '/home/x', VMARK_HOME: '/tmp/elsewhere' })).toBe('/tmp/elsewhere');
    expect(vmarkHomePath({ VMARK_HOME: ' ' })).toMatch(/\.vmark-web$/);
  });

  it.runIf(posix)(
    'is created with mode 0700, and an existing open folder of ours is made private',
    async () => {
      await ensureVmarkHome(home);
      expect(await modeOf(home)).toBe(0o700);
      await chmod(home, 0o755);
      await ensureVmarkHome(home);
      expect(await modeOf(home)).toBe(0o700);
    },
  );
});

describe('the token file', () => {
  it('is made as 64 hex digits with mode 0600, and reused while valid', async () => {
    await ensureVmarkHome(home);
    const token = await ensureToken(home);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(tokenPath(home), 'utf8')).trim()).toBe(token);
    if (posix) expect(await modeOf(tokenPath(home))).toBe(0o600);
    expect(await ensureToken(home)).toBe(token);
    expect(await readToken(home)).toBe(token);
  });

  it('is replaced when it does not hold a valid token', async () => {
    await ensureVmarkHome(home);
    await writeFile(tokenPath(home), 'not-a-token\n', { mode: 0o600 });
    const warnings: string[] = [];
    const token = await ensureToken(home, (w) => warnings.push(w));
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await readToken(home)).toBe(token);
    expect(warnings).toHaveLength(1);
  });

  it.runIf(posix)('is replaced when other users could read it', async () => {
    await ensureVmarkHome(home);
    const old = await ensureToken(home);
    await chmod(tokenPath(home), 0o644);
    const token = await ensureToken(home, () => undefined);
    expect(token).not.toBe(old);
    expect(await modeOf(tokenPath(home))).toBe(0o600);
  });

  it('gives one token to hubs that start at the same moment', async () => {
    await ensureVmarkHome(home);
    const tokens = await Promise.all(Array.from({ length: 8 }, () => ensureToken(home)));
    expect(new Set(tokens).size).toBe(1);
    expect(await readToken(home)).toBe(tokens[0]);
  });

  it('reads as null when missing or invalid', async () => {
    expect(await readToken(home)).toBeNull();
    await ensureVmarkHome(home);
    await writeFile(tokenPath(home), 'AB'.repeat(32));
    expect(await readToken(home)).toBeNull();
  });
});
