/**
 * How a scan batches the entries it writes: a browser's append copies the whole segment, so the
 * appends of a big adoption grow with the segment and copy it a bounded number of times in all.
 */
import { describe, expect, it } from 'vitest';
import { EARLY_BATCH } from './scanRecorder';
import { OUR_SEGMENT, setup } from './scanFixtures';

describe('the entries a scan writes', () => {
  it('adopting thousands of notes appends in growing batches, every entry written once', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4000; i++) {
      const id = `0198a002-0000-7000-8000-${String(i).padStart(12, '0')}`;
      files[`notes/n${i}.md`] = `---\nvmark:\n  id: ${id}\n---\n# Note ${i}\n\nSome words.\n`;
    }
    const t = setup(files);
    const copied: number[] = [];
    const append = t.store.append.bind(t.store);
    t.store.append = async (path, bytes) => {
      if (path === OUR_SEGMENT) copied.push(t.store.text(OUR_SEGMENT)?.length ?? 0);
      return append(path, bytes);
    };
    const report = await t.run();
    expect(report).toMatchObject({ adopted: 4000, errors: [] });
    const lines = t.ours();
    expect(lines).toHaveLength(8000);
    expect(new Set(lines.map((l) => JSON.parse(l).id)).size).toBe(8000);
    const final = t.store.text(OUR_SEGMENT)!.length;
    // 256 entries an append would be 32 appends copying about 16 times the final size.
    expect(copied.length).toBeLessThan(8000 / EARLY_BATCH / 2);
    expect(copied.reduce((a, b) => a + b, 0)).toBeLessThan(3 * final);
  });
});
