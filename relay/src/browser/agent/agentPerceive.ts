/**
 * Perception: the snapshot (a flat list of role, name and ref in composed document order; a
 * window of it, optionally only one role or names containing a piece of text), role-and-name
 * matching, the quick checks behind `wait_for`, and describing a ref. Runs in the page (see
 * agentScope.ts).
 */
import type { AgentScope } from './agentScope.js';
import type { SnapshotNode, SnapshotResult } from './agentTypes.js';

export function perceivePart(A: AgentScope): void {
  const DEFAULT_WINDOW = 10000;
  const MAX_WINDOW = 20000;
  const MAX_NAME = 200;
  const VISIT_BUDGET = 200000;
  const TEXT_BUDGET = 20000;

  function stale() {
    return { error: 'the generation is missing, invalid or older than the page’s' };
  }

  const whole = (v: unknown, min: number, max: number) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

  A.snapshot = function snapshot(args) {
    const generation = args?.generation;
    if (!A.validGeneration(generation) || !A.fresh(generation)) return stale();
    const offset = args.offset ?? 0;
    const limit = args.limit ?? DEFAULT_WINDOW;
    if (!whole(offset, 0, Number.MAX_SAFE_INTEGER)) return { error: 'offset must be 0 or more' };
    if (!whole(limit, 1, MAX_WINDOW)) return { error: 'limit must be from 1 to ' + MAX_WINDOW };
    const role = args.role;
    if (role !== undefined && typeof role !== 'string') return { error: 'role must be a string' };
    const contains = args.nameContains;
    const needle = typeof contains === 'string' ? A.norm(contains).toLowerCase() : '';
    if (contains !== undefined && needle === '') {
      return { error: 'nameContains must be a non-empty string' };
    }
    const nodes: SnapshotNode[] = [];
    const clipped: number[] = [];
    const unreachable = { frames: 0, closedShadowRoots: 0 };
    const owners: Element[] = [];
    const at: number[] = [];
    let total = 0;
    const { exhausted } = A.walk(document.documentElement, VISIT_BUDGET, (el) => {
      if (A.prunes(el, getComputedStyle(el))) return false;
      const shows = A.showsSelf(el);
      if (A.isFrameOwner(el)) {
        // The frame's nodes come in its place, from its own agent (driver/frames/frameAgents.ts).
        if (shows && args.frames === true) {
          owners.push(el);
          at.push(total);
        } else if (shows) unreachable.frames++;
        return false;
      }
      if (shows && A.closedHost(el)) unreachable.closedShadowRoots++;
      const info = A.roleOf(el);
      if (!info || !shows) return true;
      // Every listed element gets its ref, whatever the filters and the window: refs then follow
      // page order, and a node keeps its ref from one window or filter to the next.
      const ref = A.refOf(el, generation) as string;
      if (role !== undefined && info.role !== role) return true;
      let full: string | undefined;
      if (needle !== '') {
        full = A.nameOf(el, info.role);
        if (!A.clip(full, MAX_NAME).toLowerCase().includes(needle)) return true;
      }
      const index = total++;
      if (index < offset || nodes.length >= limit) return true;
      if (full === undefined) full = A.nameOf(el, info.role);
      const name = A.clip(full, MAX_NAME);
      if (name !== full) clipped.push(nodes.length);
      const node: SnapshotNode = { role: info.role, name, ref };
      if (info.level !== undefined) node.level = info.level;
      const checked = A.checkedOf(el, info.role);
      if (checked !== undefined) node.checked = checked;
      if (A.disabled(el) || A.inert(el)) node.disabled = true;
      if (A.reachesFile(el)) node.upload = true;
      nodes.push(node);
      return true;
    });
    const result: SnapshotResult = { nodes, total, clipped, exhausted, unreachable };
    if (owners.length > 0) result.frames = { token: A.keepOwners(owners), at };
    return result;
  };

  A.matchAll = function matchAll(role, name) {
    const wanted = name === undefined ? undefined : A.clip(A.norm(name), MAX_NAME);
    const found: Element[] = [];
    A.walk(document.documentElement, VISIT_BUDGET, (el) => {
      if (el.localName === 'iframe' || el.localName === 'frame') return false;
      const info = A.roleOf(el);
      if (!info || (role !== undefined && info.role !== role)) return true;
      if (wanted !== undefined && A.clip(A.nameOf(el, info.role), MAX_NAME) !== wanted) return true;
      found.push(el);
      return true;
    });
    return found;
  };

  /** The visible text of the page and of its open shadow trees, whitespace collapsed. */
  function visibleTexts(): string[] {
    const texts = [A.norm(document.body ? document.body.innerText : '')];
    A.walk(document.documentElement, TEXT_BUDGET, (el) => {
      if (el.localName === 'iframe') return false;
      if (!el.shadowRoot) return true;
      for (const child of Array.from(el.shadowRoot.children)) {
        const text = (child as HTMLElement).innerText;
        if (typeof text === 'string' && text !== '') texts.push(A.norm(text));
      }
      return true;
    });
    return texts;
  }

  A.check = function check(args) {
    const generation = args?.generation;
    if (!A.validGeneration(generation) || !A.fresh(generation)) return stale();
    // A name alone (no role) is a target too, as in an act.
    const byName = args.role !== undefined || args.name !== undefined;
    const modes = [args.ref !== undefined, byName, args.text !== undefined].filter(Boolean);
    if (modes.length !== 1) return { error: 'check takes exactly one of ref, role or text' };
    if (typeof args.ref === 'string') {
      const el = A.resolve(args.ref, generation);
      return el && A.rendered(el) ? { matched: true, ref: args.ref } : { matched: false };
    }
    if (byName) {
      if (args.role !== undefined && typeof args.role !== 'string') {
        return { error: 'role must be a string' };
      }
      if (args.name !== undefined && typeof args.name !== 'string') {
        return { error: 'name must be a string' };
      }
      const el = A.matchAll(args.role, args.name).find((e) => A.rendered(e));
      if (!el) return { matched: false };
      return { matched: true, ref: A.refOf(el, generation) as string };
    }
    if (typeof args.text !== 'string' || A.norm(args.text) === '') {
      return { error: 'text must be a non-empty string' };
    }
    const needle = A.norm(args.text);
    return { matched: visibleTexts().some((t) => t.includes(needle)) };
  };

  A.describe = function describe(args) {
    const generation = args?.generation;
    if (!A.validGeneration(generation)) return stale();
    const el = A.resolve(args.ref, generation);
    const info = el ? A.roleOf(el) : null;
    if (!el) return { found: false };
    const role = info ? info.role : 'generic';
    return { found: true, role, name: A.clip(A.nameOf(el, role), MAX_NAME) };
  };
}
