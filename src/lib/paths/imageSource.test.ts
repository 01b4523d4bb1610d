import { describe, expect, it } from 'vitest';
import { imageSource } from './imageSource';

const DOC = '/notes/guide/intro.md';

describe('imageSource', () => {
  it('reads a relative path from the document’s folder, decoded, without query or fragment', () => {
    expect(imageSource('img/shot.png', DOC)).toEqual({
      kind: 'file',
      path: '/notes/guide/img/shot.png',
      type: 'image/png',
    });
    expect(imageSource('./my%20shot.JPG?v=2#top', DOC)).toEqual({
      kind: 'file',
      path: '/notes/guide/my shot.JPG',
      type: 'image/jpeg',
    });
    expect(imageSource('../assets/logo.svg', DOC)).toMatchObject({
      path: '/notes/assets/logo.svg',
      type: 'image/svg+xml',
    });
    expect(imageSource('图/示意图.webp', DOC)).toMatchObject({
      path: '/notes/guide/图/示意图.webp',
    });
  });

  it('reads a path starting with / from the workspace root', () => {
    expect(imageSource('/docs/a.gif', DOC)).toMatchObject({ path: '/notes/docs/a.gif' });
    expect(imageSource('/a.png', '/project/README.md')).toMatchObject({ path: '/project/a.png' });
  });

  it('shows data: images as written', () => {
    const src = 'data:image/png;base64,iVBORw0KGgo=';
    expect(imageSource(src, DOC)).toEqual({ kind: 'inline', src });
    expect(imageSource(src, null)).toEqual({ kind: 'inline', src });
  });

  it('loads nothing from elsewhere', () => {
    for (const src of [
      'https://example.com/a.png',
      'http://127.0.0.1:9/a.png',
      '//cdn.example.com/a.png',
      'file:///etc/a.png',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'blob:http://127.0.0.1/abc',
    ]) {
      expect(imageSource(src, DOC), src).toEqual({ kind: 'unloaded', reason: 'remote' });
    }
  });

  it('never leaves the workspace', () => {
    expect(imageSource('../../x.png', DOC)).toEqual({ kind: 'unloaded', reason: 'outside' });
    expect(imageSource('/../x.png', DOC)).toEqual({ kind: 'unloaded', reason: 'outside' });
    expect(imageSource('a/%2e%2e/%2e%2e/%2e%2e/x.png', DOC)).toEqual({
      kind: 'unloaded',
      reason: 'outside',
    });
    expect(imageSource('a%2F..%2F..%2Fx.png', DOC)).toEqual({
      kind: 'unloaded',
      reason: 'outside',
    });
    expect(imageSource('bad%zz.png', DOC)).toEqual({ kind: 'unloaded', reason: 'outside' });
    // Inside again after going up is fine.
    expect(imageSource('../guide/../x.png', DOC)).toMatchObject({ path: '/notes/x.png' });
  });

  it('reads only image files, and only for a saved document', () => {
    expect(imageSource('notes.md', DOC)).toEqual({ kind: 'unloaded', reason: 'not-image' });
    expect(imageSource('folder/', DOC)).toEqual({ kind: 'unloaded', reason: 'not-image' });
    expect(imageSource('.png', DOC)).toEqual({ kind: 'unloaded', reason: 'not-image' });
    expect(imageSource('a.png', null)).toEqual({ kind: 'unloaded', reason: 'no-folder' });
    expect(imageSource('   ', DOC)).toEqual({ kind: 'unloaded', reason: 'empty' });
  });
});
