/**
 * The agent's view of the DOM: the composed tree (open shadow roots entered, iframes not),
 * hit-testing, and what "rendered" means. Runs in the page (see agentScope.ts).
 *
 * Rendered: not marked `hidden` or `aria-hidden="true"` (self or ancestor), not hidden by
 * display, visibility, content-visibility or an ancestor's opacity 0, a box of non-zero size,
 * not entirely in negative page coordinates (the `left: -9999px` idiom), and no ancestor below
 * body of zero height with overflow other than visible (a collapsed accordion).
 */
import type { AgentScope } from './agentScope.js';

export function domPart(A: AgentScope): void {
  A.parentOf = function parentOf(node) {
    const slot = (node as Element).assignedSlot;
    if (slot) return slot;
    const parent = node.parentNode;
    if (!parent) return null;
    if (parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return (parent as ShadowRoot).host ?? null;
    return parent.nodeType === Node.ELEMENT_NODE ? (parent as Element) : null;
  };

  A.within = function within(inner, outer) {
    for (let at: Node | null = inner; at; at = A.parentOf(at)) if (at === outer) return true;
    return false;
  };

  A.walk = function walk(root, budget, visit) {
    const stack: Element[] = [root];
    let visited = 0;
    while (stack.length > 0) {
      if (visited >= budget) return { exhausted: true };
      const el = stack.pop() as Element;
      visited++;
      if (visit(el) === false) continue;
      const light = el.children;
      for (let i = light.length - 1; i >= 0; i--) stack.push(light[i]);
      const shadow = el.shadowRoot;
      if (shadow)
        for (let i = shadow.children.length - 1; i >= 0; i--) stack.push(shadow.children[i]);
    }
    return { exhausted: false };
  };

  A.deepFromPoint = function deepFromPoint(x, y) {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };

  /**
   * What covers `el` at the hit point, named by its outermost element that does not hold `el`:
   * the outermost positioned one (a fixed banner, not the paragraph in it), else the outermost.
   */
  A.coverOf = function coverOf(hit, el) {
    let outermost = hit;
    let positioned: Element | null = null;
    for (let at: Element | null = hit; at && !A.within(el, at); at = A.parentOf(at)) {
      if (at === document.body || at === document.documentElement) break;
      outermost = at;
      if (getComputedStyle(at).position !== 'static') positioned = at;
    }
    return positioned ?? outermost;
  };

  A.deepActive = function deepActive() {
    let active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) {
      active = active.shadowRoot.activeElement;
    }
    return active;
  };

  A.inert = function inert(el) {
    for (let at: Element | null = el; at; at = A.parentOf(at))
      if (at.hasAttribute('inert')) return true;
    return getComputedStyle(el).pointerEvents === 'none';
  };

  function marked(el: Element): boolean {
    return el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true';
  }

  function clipsToNothing(el: Element, style: CSSStyleDeclaration, height: number): boolean {
    if (height !== 0 || style.display === 'inline' || style.display === 'contents') return false;
    return style.overflowX !== 'visible' || style.overflowY !== 'visible';
  }

  function belowBody(el: Element): boolean {
    return el !== document.body && el !== document.documentElement;
  }

  function visibleByStyle(el: Element, opacity: boolean): boolean {
    if (typeof el.checkVisibility === 'function') {
      return el.checkVisibility({
        opacityProperty: opacity,
        visibilityProperty: true,
        contentVisibilityAuto: true,
      });
    }
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.visibility !== 'collapse';
  }

  function boxShows(el: Element): boolean {
    const box = el.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return false;
    return box.right + window.scrollX > 0 && box.bottom + window.scrollY > 0;
  }

  A.prunes = function prunes(el, style) {
    if (marked(el) || style.display === 'none' || style.opacity === '0') return true;
    if (!belowBody(el)) return false;
    const height = style.display === 'inline' ? 1 : el.getBoundingClientRect().height;
    return clipsToNothing(el, style, height);
  };

  A.showsSelf = function showsSelf(el) {
    return visibleByStyle(el, false) && boxShows(el);
  };

  A.rendered = function rendered(el) {
    if (!el.isConnected || !visibleByStyle(el, true) || !boxShows(el)) return false;
    for (let at: Element | null = el; at; at = A.parentOf(at)) {
      if (marked(at)) return false;
      if (at === el || !belowBody(at)) continue;
      if (at.getBoundingClientRect().height !== 0) continue;
      if (clipsToNothing(at, getComputedStyle(at), 0)) return false;
    }
    return true;
  };

  function lightShows(el: Element): boolean {
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === Node.ELEMENT_NODE) {
        if ((child as Element).getClientRects().length > 0) return true;
      } else if (child.nodeType === Node.TEXT_NODE && (child.nodeValue ?? '').trim() !== '') {
        const range = document.createRange();
        range.selectNodeContents(child);
        if (range.getClientRects().length > 0) return true;
      }
    }
    return false;
  }

  A.closedHost = function closedHost(el) {
    if (el.shadowRoot || !el.localName.includes('-')) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && !lightShows(el);
  };
}
