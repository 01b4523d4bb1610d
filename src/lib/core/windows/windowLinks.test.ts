import { describe, expect, it } from 'vitest';
import { WindowLinks } from './windowLinks';

describe('WindowLinks: where the person composes', () => {
  it('counts a composition only in a window that shows the tab', () => {
    const links = new WindowLinks();
    links.openView('tab-1', 'main');
    links.setComposing('tab-1', 'doc-2', true, 0);
    expect(links.composing('tab-1', 1)).toBe(false);
    links.setComposing('tab-1', 'main', true, 0);
    expect(links.composing('tab-1', 1)).toBe(true);
    expect(links.composing('tab-2', 1)).toBe(false);
    links.setComposing('tab-1', 'main', false, 2);
    expect(links.composing('tab-1', 3)).toBe(false);
  });

  it('forgets it when the window stops showing the tab, or goes away', () => {
    const links = new WindowLinks();
    links.openView('tab-1', 'main');
    links.openView('tab-2', 'main');
    links.setComposing('tab-1', 'main', true, 0);
    links.setComposing('tab-2', 'main', true, 0);
    links.closeView('tab-1', 'main');
    expect(links.composing('tab-1', 1)).toBe(false);
    expect(links.composing('tab-2', 1)).toBe(true);
    links.drop('main');
    expect(links.composing('tab-2', 1)).toBe(false);
  });
});
