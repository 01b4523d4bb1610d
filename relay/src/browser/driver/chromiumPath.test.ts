import { describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium } from './chromiumPath.js';

describe('findChromium', () => {
  it('prefers VMARK_CHROMIUM and says when it is missing', () => {
    expect(findChromium({ VMARK_CHROMIUM: '/x/chrome' }, () => true)).toEqual({
      ok: true,
      path: '/x/chrome',
    });
    const missing = findChromium({ VMARK_CHROMIUM: '/x/chrome' }, () => false);
    expect(missing.ok).toBe(false);
  });
  it('looks in the usual places', () => {
    const r = findChromium({}, (p) => p === '/usr/bin/google-chrome', 'linux');
    expect(r).toEqual({ ok: true, path: '/usr/bin/google-chrome' });
    const none = findChromium({}, () => false, 'linux');
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.message).toMatch(/VMARK_CHROMIUM/);
  });
  it('runs headless without sandbox or GPU', () => {
    expect(chromiumArgs(true, false)).toEqual(
      expect.arrayContaining(['--no-sandbox', '--disable-gpu', '--disable-quic']),
    );
    expect(chromiumArgs(false, false)).not.toContain('--no-sandbox');
  });
});
