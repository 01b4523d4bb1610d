import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_MANIFEST, loadManifest } from './manifest.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vmark-manifest-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the tool manifest', () => {
  it('loads instructions and tools, keeping extra fields', async () => {
    const path = join(dir, 'ok.json');
    const tool = { name: 'session', title: 'S', inputSchema: { type: 'object' } };
    await writeFile(path, JSON.stringify({ serverInfo: {}, instructions: 'Hi.', tools: [tool] }));
    expect(await loadManifest(path)).toEqual({ manifest: { instructions: 'Hi.', tools: [tool] } });
  });

  it('falls back to no tools, with a warning, when missing or broken', async () => {
    const missing = await loadManifest(join(dir, 'missing.json'));
    expect(missing.manifest).toEqual(EMPTY_MANIFEST);
    expect(missing.warning).toContain('No tool manifest');
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"tools":[{"name":1}]}');
    const result = await loadManifest(broken);
    expect(result.manifest).toEqual(EMPTY_MANIFEST);
    expect(result.warning).toContain('tools[0]');
  });
});
