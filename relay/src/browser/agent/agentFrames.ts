/**
 * Frames, as seen from the document that holds them. Runs in the page (see agentScope.ts).
 *
 * A walk that meets a shown `<iframe>` or `<frame>` does not enter it: the element's own document
 * is another agent's, reached by the driver (driver/frames/frameAgents.ts). The walk keeps the owner
 * elements under a token; the driver then asks for each owner by token and index, as an object
 * it can hand to the DevTools protocol, which names the frame inside.
 *
 * `frameHit` is the same check an act makes on its own target, one level up: a point inside a
 * frame's viewport is turned into a point of this document's viewport, scrolled into view, and
 * hit-tested, so a frame that is covered or hidden refuses the act as its element would.
 */
import type { AgentScope } from './agentScope.js';

export function framesPart(A: AgentScope): void {
  /** The owner lists of the last few walks: concurrent reads must not take each other's. */
  const kept = new Map<number, WeakRef<Element>[]>();
  const KEEP = 16;
  let nextToken = 1;

  A.isFrameOwner = function isFrameOwner(el) {
    return el.localName === 'iframe' || el.localName === 'frame';
  };

  A.keepOwners = function keepOwners(owners) {
    const token = nextToken++;
    kept.set(
      token,
      owners.map((el) => new WeakRef(el)),
    );
    for (const old of kept.keys()) {
      if (kept.size <= KEEP) break;
      kept.delete(old);
    }
    return token;
  };

  A.frameOwner = function frameOwner(token, index) {
    const el = kept.get(token)?.[index]?.deref();
    return el && el.isConnected ? el : null;
  };

  A.frameOwners = function frameOwners() {
    const owners: Element[] = [];
    A.walk(document.documentElement, 200000, (el) => {
      if (A.prunes(el, getComputedStyle(el))) return false;
      if (!A.isFrameOwner(el)) return true;
      if (A.showsSelf(el)) owners.push(el);
      return false;
    });
    return { token: A.keepOwners(owners), count: owners.length };
  };

  /** The viewport's size, without scrollbars. */
  function viewport(): { width: number; height: number } {
    const root = document.documentElement;
    return {
      width: Math.min(window.innerWidth, root.clientWidth || window.innerWidth),
      height: Math.min(window.innerHeight, root.clientHeight || window.innerHeight),
    };
  }

  /** Where the frame's viewport starts in this one: its content box, inside border and padding. */
  function contentOrigin(el: Element): { x: number; y: number } {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      x: box.left + el.clientLeft + (parseFloat(style.paddingLeft) || 0),
      y: box.top + el.clientTop + (parseFloat(style.paddingTop) || 0),
    };
  }

  A.frameHit = function frameHit(el, args) {
    const x = args?.x;
    const y = args?.y;
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x + y)) {
      return { error: 'frameHit needs a point' };
    }
    if (!A.rendered(el)) return { reason: 'hidden' };
    if (A.inert(el)) return { reason: 'disabled', detail: 'inert' };
    const inView = (p: { x: number; y: number }) => {
      const { width, height } = viewport();
      return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height;
    };
    const at = () => {
      const origin = contentOrigin(el);
      return { x: origin.x + x, y: origin.y + y };
    };
    let point = at();
    if (!inView(point)) {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      point = at();
    }
    if (!inView(point)) {
      const { width, height } = viewport();
      window.scrollBy({
        left: point.x - width / 2,
        top: point.y - height / 2,
        behavior: 'instant',
      });
      point = at();
    }
    if (!inView(point)) return { reason: 'offscreen' };
    const hit = A.deepFromPoint(point.x, point.y);
    if (!hit) return { reason: 'offscreen' };
    if (hit !== el) return { reason: 'obscured', by: A.describeEl(A.coverOf(hit, el)) };
    return { x: point.x, y: point.y };
  };

  A.where = function where() {
    return { url: location.href, origin: location.origin };
  };
}
