import { describe, expect, it } from 'vitest';
import { frameOrigin, frameRef, parseRef } from './frameRefs.js';

describe('frame refs', () => {
  it('reads the page’s refs and frames’ refs', () => {
    expect(parseRef('e5')).toEqual({ frame: null, local: 'e5' });
    expect(parseRef('f2e15')).toEqual({ frame: 2, local: 'e15' });
    expect(parseRef('f9999e1')).toEqual({ frame: 9999, local: 'e1' });
  });

  it('refuses what is not a ref', () => {
    for (const bad of ['', 'e', 'f1', 'f0e1', 'f01e1', 'f10000e1', 'f1f2e3', 'E5', 'e5 ', 'x1']) {
      expect(parseRef(bad), bad).toBeNull();
    }
  });

  it('writes a frame’s ref and leaves the page’s bare', () => {
    expect(frameRef(null, 'e3')).toBe('e3');
    expect(frameRef(4, 'e3')).toBe('f4e3');
    expect(parseRef(frameRef(4, 'e3'))).toEqual({ frame: 4, local: 'e3' });
  });

  it('approves a frame for its own origin, else its address’s, else the page’s', () => {
    const page = 'http://site.test';
    expect(
      frameOrigin({ url: 'http://pay.test:8080/form', origin: 'http://pay.test:8080' }, page),
    ).toBe('http://pay.test:8080');
    expect(frameOrigin({ url: 'https://widget.test/x', origin: 'null' }, page)).toBe(
      'https://widget.test',
    );
    expect(frameOrigin({ url: 'about:srcdoc', origin: 'null' }, page)).toBe(page);
    expect(frameOrigin({ url: 'data:text/html,hi', origin: 'null' }, page)).toBe(page);
  });
});
