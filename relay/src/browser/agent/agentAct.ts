/**
 * Acting: resolving a target and the checks every act passes. Typing itself is agentType.ts.
 * Runs in the page (see agentScope.ts).
 *
 * An act never waits and never retries: it answers at once, with a reason when it refuses. Input
 * that passes the checks is not made here: the answer says what the driver is to send through
 * the browser's own input (`clickAt` and `hoverAt`, the verified viewport point; `typePlan` once
 * the field has focus and its content is selected; `keyReady` once the key's target has focus;
 * `wheelAt` with the scroll position before), so the page gets trusted events, as from a person.
 */
import type { AgentScope } from './agentScope.js';
import type { ActArgs, ActResult, AgentError } from './agentTypes.js';

export function actPart(A: AgentScope): void {
  type Verb = 'clicked' | 'typed' | 'scrolled' | 'pressed' | 'hovered';
  interface Located {
    el: Element;
    ref: string;
    total: number;
    visible: number;
  }
  const MAX_CANDIDATES = 10;

  function answer(verb: Verb, found: boolean, total: number, visible: number, extra?: object) {
    return {
      found,
      [verb]: false,
      matchedTotal: total,
      matchedVisible: visible,
      ...extra,
    } as ActResult;
  }

  function isAnswer(value: Located | ActResult | AgentError): value is ActResult | AgentError {
    return !('el' in value);
  }

  function stale(): AgentError {
    return { error: 'the generation is missing, invalid or older than the page’s' };
  }

  /** The one element an act concerns, or the answer that refuses it. */
  function locate(args: ActArgs, verb: Verb): Located | ActResult | AgentError {
    const generation = args.generation;
    const byName = args.role !== undefined || args.name !== undefined;
    if ((args.ref !== undefined) === byName) {
      return { error: 'give a ref, or a role and a name' };
    }
    if (args.ref !== undefined) {
      if (typeof args.ref !== 'string') return { error: 'ref must be a string' };
      const el = A.resolve(args.ref, generation);
      if (!el) return answer(verb, false, 0, 0);
      if (!A.rendered(el)) return answer(verb, true, 1, 0, { ref: args.ref, reason: 'hidden' });
      if (A.inert(el)) {
        return answer(verb, true, 1, 0, { ref: args.ref, reason: 'disabled', detail: 'inert' });
      }
      return { el, ref: args.ref, total: 1, visible: 1 };
    }
    if (typeof args.name !== 'string') return { error: 'name must be a string' };
    if (args.role !== undefined && typeof args.role !== 'string') {
      return { error: 'role must be a string' };
    }
    if (!A.fresh(generation)) return stale();
    const all = A.matchAll(args.role, args.name);
    const total = all.length;
    if (total === 0) return answer(verb, false, 0, 0);
    const shown = all.filter((el) => A.rendered(el));
    const actable = shown.filter((el) => !A.inert(el));
    if (actable.length === 0) {
      const inert = shown.length > 0;
      return answer(
        verb,
        true,
        total,
        0,
        inert ? { reason: 'disabled', detail: 'inert' } : { reason: 'hidden' },
      );
    }
    if (actable.length > 1) {
      const name = A.norm(args.name);
      const candidates = actable.slice(0, MAX_CANDIDATES).map((el) => ({
        ref: A.refOf(el, generation) as string,
        text: A.contextOf(el, name),
      }));
      return answer(verb, true, total, actable.length, { reason: 'ambiguous', candidates });
    }
    const el = actable[0];
    return { el, ref: A.refOf(el, generation) as string, total, visible: 1 };
  }

  /**
   * The checks before a pointer-like act: disabled and upload (unless only pointing at it),
   * scrolled into view, hit-tested.
   */
  function ready(
    target: Located,
    verb: Verb,
    operable = true,
  ): { x: number; y: number } | ActResult {
    const { el, ref, total, visible } = target;
    const refuse = (extra: object) => answer(verb, true, total, visible, { ref, ...extra });
    if (operable && A.disabled(el)) return refuse({ reason: 'disabled' });
    if (operable && A.reachesFile(el)) return refuse({ reason: 'upload' });
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const box = el.getBoundingClientRect();
    const viewport = document.documentElement;
    const width = Math.min(window.innerWidth, viewport.clientWidth || window.innerWidth);
    const height = Math.min(window.innerHeight, viewport.clientHeight || window.innerHeight);
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, width);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, height);
    if (right <= left || bottom <= top) return refuse({ reason: 'offscreen' });
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    const hit = A.deepFromPoint(x, y);
    if (!hit) return refuse({ reason: 'offscreen' });
    if (!A.within(hit, el) && !A.within(el, hit)) {
      return refuse({ reason: 'obscured', by: A.describeEl(A.coverOf(hit, el)) });
    }
    return { x, y };
  }

  function click(args: ActArgs): ActResult | AgentError {
    const target = locate(args, 'clicked');
    if (isAnswer(target)) return target;
    const point = ready(target, 'clicked');
    if ('found' in point) return point;
    return {
      found: true,
      clickAt: point,
      matchedTotal: target.total,
      matchedVisible: target.visible,
      ref: target.ref,
    };
  }

  function type(args: ActArgs): ActResult | AgentError {
    if (typeof args.text !== 'string') return { error: 'type needs a text (use "" to clear)' };
    const target = locate(args, 'typed');
    if (isAnswer(target)) return target;
    const point = ready(target, 'typed');
    if ('found' in point) return point;
    const { plan, ...outcome } = A.typeInto(target.el, args.text);
    return {
      found: true,
      // `typeAt`: where the field was hit-tested, for the checks of the frames around it.
      ...(plan ? { typePlan: plan, typeAt: point } : outcome),
      matchedTotal: target.total,
      matchedVisible: target.visible,
      ref: target.ref,
    };
  }

  /** A pointer over the element: what a menu that opens on hover needs. Disabled is no bar. */
  function hover(args: ActArgs): ActResult | AgentError {
    const target = locate(args, 'hovered');
    if (isAnswer(target)) return target;
    // Pointing at a disabled control is harmless, and its tooltip may say why it is disabled.
    const point = ready(target, 'hovered', false);
    if ('found' in point) return point;
    const { ref, total, visible } = target;
    return { found: true, hoverAt: point, matchedTotal: total, matchedVisible: visible, ref };
  }

  function scrollerAtCentre(): Element {
    const fallback = document.scrollingElement ?? document.documentElement;
    let at = A.deepFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    for (; at && at !== document.body && at !== document.documentElement; at = A.parentOf(at)) {
      const overflow = getComputedStyle(at).overflowY;
      const scrolls = overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay';
      if (scrolls && at.scrollHeight > at.clientHeight) return at;
    }
    return fallback;
  }

  /** The last wheel's scroller, to read its position once the driver's wheel has landed. */
  let wheelScroller: WeakRef<Element> | null = null;

  A.scrollPosition = () => {
    const page = document.scrollingElement ?? document.documentElement;
    const own = wheelScroller?.deref();
    const position = page.scrollTop + (own && own !== page ? own.scrollTop : 0);
    return { position };
  };

  function scroll(args: ActArgs): ActResult | AgentError {
    const targeted = args.ref !== undefined || args.role !== undefined || args.name !== undefined;
    if ((args.dy !== undefined) === targeted)
      return { error: 'scroll takes exactly one of ref or dy' };
    if (args.dy !== undefined) {
      if (typeof args.dy !== 'number' || !Number.isFinite(args.dy)) {
        return { error: 'dy must be a finite number' };
      }
      wheelScroller = new WeakRef(scrollerAtCentre());
      return {
        found: true,
        wheelAt: { x: window.innerWidth / 2, y: window.innerHeight / 2 },
        scrollFrom: A.scrollPosition().position,
        matchedTotal: 0,
        matchedVisible: 0,
      };
    }
    const target = locate(args, 'scrolled');
    if (isAnswer(target)) return target;
    target.el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    return {
      found: true,
      scrolled: true,
      matchedTotal: target.total,
      matchedVisible: target.visible,
      ref: target.ref,
    };
  }

  /** A key's target, when one is named, gets focus; the driver then presses the key. */
  function key(args: ActArgs): ActResult | AgentError {
    if (args.ref === undefined && args.role === undefined && args.name === undefined) {
      if (!A.fresh(args.generation)) return stale();
      return { found: true, keyReady: true, matchedTotal: 0, matchedVisible: 0 } as ActResult;
    }
    const found = locate(args, 'pressed');
    if (isAnswer(found)) return found;
    const counts = { matchedTotal: found.total, matchedVisible: found.visible, ref: found.ref };
    if (A.disabled(found.el))
      return answer('pressed', true, found.total, found.visible, {
        ref: found.ref,
        reason: 'disabled',
      });
    (found.el as HTMLElement).focus({ preventScroll: true });
    return { found: true, keyReady: true, ...counts } as ActResult;
  }

  A.act = function act(args) {
    if (!args || typeof args !== 'object') return { error: 'act needs an object argument' };
    if (!A.validGeneration(args.generation)) return stale();
    switch (args.operation) {
      case 'click':
        return click(args);
      case 'type':
        return type(args);
      case 'scroll':
        return scroll(args);
      case 'key':
        return key(args);
      case 'hover':
        return hover(args);
      default:
        return { error: 'operation must be click, type, scroll, key or hover' };
    }
  };
}
