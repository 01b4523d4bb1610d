import { describe, expect, it } from 'vitest';
import { Compositions } from './compositions';

describe('Compositions', () => {
  it('a tab is composing while any window that shows it composes; other tabs are not', () => {
    const c = new Compositions(10_000);
    c.set('tab-1', 'main', true, 0);
    c.set('tab-1', 'doc-2', true, 5);
    expect(c.composingIn('tab-1', 10)).toEqual(['main', 'doc-2']);
    expect(c.composingIn('tab-2', 10)).toEqual([]);
    c.set('tab-1', 'main', false, 20);
    expect(c.composingIn('tab-1', 30)).toEqual(['doc-2']);
    c.set('tab-1', 'doc-2', false, 40);
    expect(c.composingIn('tab-1', 50)).toEqual([]);
  });

  it('one window composing in two tabs ends each on its own', () => {
    const c = new Compositions(10_000);
    c.set('tab-1', 'main', true, 0);
    c.set('tab-2', 'main', true, 0);
    c.set('tab-1', 'main', false, 1);
    expect(c.composingIn('tab-1', 2)).toEqual([]);
    expect(c.composingIn('tab-2', 2)).toEqual(['main']);
  });

  it('an end without a start, or a second start, changes nothing else', () => {
    const c = new Compositions(10_000);
    c.set('tab-1', 'main', false, 0);
    expect(c.composingIn('tab-1', 1)).toEqual([]);
    c.set('tab-1', 'main', true, 1);
    c.set('tab-1', 'main', true, 2);
    expect(c.composingIn('tab-1', 3)).toEqual(['main']);
    c.set('tab-1', 'main', false, 4);
    expect(c.composingIn('tab-1', 5)).toEqual([]);
  });

  it('a composition with no news for the lapse is over; renewed news keeps it going', () => {
    const c = new Compositions(1_000);
    c.set('tab-1', 'main', true, 0);
    c.set('tab-1', 'doc-2', true, 0);
    c.set('tab-1', 'doc-2', true, 900);
    expect(c.composingIn('tab-1', 999)).toEqual(['main', 'doc-2']);
    expect(c.composingIn('tab-1', 1_000)).toEqual(['doc-2']);
    expect(c.composingIn('tab-1', 1_899)).toEqual(['doc-2']);
    expect(c.composingIn('tab-1', 1_900)).toEqual([]);
  });

  it('a window that closes the tab or goes away composes no more', () => {
    const c = new Compositions(10_000);
    c.set('tab-1', 'main', true, 0);
    c.set('tab-2', 'main', true, 0);
    c.set('tab-2', 'doc-2', true, 0);
    c.forget('tab-1', 'main');
    expect(c.composingIn('tab-1', 1)).toEqual([]);
    c.dropWindow('main');
    expect(c.composingIn('tab-2', 1)).toEqual(['doc-2']);
  });
});
