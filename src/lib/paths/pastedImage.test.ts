import { describe, expect, it } from 'vitest';
import { imageSource } from './imageSource';
import { assetAddress, freeName, pastedImageName } from './pastedImage';

const NOW = new Date(2026, 11, 4, 21, 30, 5);

describe('pastedImageName', () => {
  it('names a pasted screenshot by the local time, with the extension of its type', () => {
    expect(pastedImageName('image.png', 'image/png', NOW)).toBe('image-20261204-213005.png');
    expect(pastedImageName('', 'image/jpeg', NOW)).toBe('image-20261204-213005.jpg');
  });

  it('keeps a dropped file’s own name, cleaned', () => {
    expect(pastedImageName('Harbour map.PNG', 'image/png', NOW)).toBe('Harbour map.png');
    expect(pastedImageName('a:b?.webp', 'image/webp', NOW)).toBe('a-b-.webp');
    expect(pastedImageName('示意图.svg', 'image/svg+xml', NOW)).toBe('示意图.svg');
    // A name the file tree would refuse (a control character) gives way to a plain one.
    expect(pastedImageName('bad\u0007name.png', 'image/png', NOW)).toBe('image.png');
  });

  it('saves only image types it knows', () => {
    expect(pastedImageName('notes.pdf', 'application/pdf', NOW)).toBeNull();
    expect(pastedImageName('x.tiff', 'image/tiff', NOW)).toBeNull();
  });
});

describe('freeName', () => {
  it('adds -2, -3… until the name is free', () => {
    const taken = new Set(['map.png', 'map-2.png']);
    expect(freeName('map.png', (n) => taken.has(n))).toBe('map-3.png');
    expect(freeName('new.png', (n) => taken.has(n))).toBe('new.png');
  });
});

describe('assetAddress', () => {
  it('is relative to the document and reads back to the saved file', () => {
    expect(assetAddress('plan (v2).png')).toBe('assets/plan%20%28v2%29.png');
    const address = assetAddress('Harbour map #1.png');
    expect(address).toBe('assets/Harbour%20map%20%231.png');
    expect(imageSource(address, '/notes/trip/day.md')).toMatchObject({
      kind: 'file',
      path: '/notes/trip/assets/Harbour map #1.png',
    });
  });
});
