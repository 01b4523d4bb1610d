/**
 * Acting: resolving a target, the checks every act passes, and click, scroll and key. Typing
 * itself is agentType.ts. Runs in the page (see agentScope.ts).
 *
 * An act never waits and never retries: it answers at once, with a reason when it refuses.
 * A click that passes the checks is not performed here: the answer carries `clickAt`, the
 * verified viewport point, and the driver clicks there with a trusted mouse click (sites that
 * check `event.isTrusted` accept it). Scroll and key dispatch synthetic events; typing sets
 * values natively and fires synthetic input events.
 */
import type { AgentScope } from './agentScope.js';
import type { ActArgs, ActResult, AgentError } from './agentTypes.js';

export function actPart(A: AgentScope): void {
  type Verb = 'clicked' | 'typed' | 'scrolled' | 'pressed';
  interface Located {
    el: Element;
    ref: string;
    total: number;
    visible: number;
  }
  const MAX_CANDIDATES = 10;
  const KEY_CODES: Record<string, [number, string]> = {
    Enter: [13, 'Enter'],
    Tab: [9, 'Tab'],
    Escape: [27, 'Escape'],
    Backspace: [8, 'Backspace'],
    Delete: [46, 'Delete'],
    ' ': [32, 'Space'],
    ArrowLeft: [37, 'ArrowLeft'],
    ArrowUp: [38, 'ArrowUp'],
    ArrowRight: [39, 'ArrowRight'],
    ArrowDown: [40, 'ArrowDown'],
    Home: [36, 'Home'],
    End: [35, 'End'],
    PageUp: [33, 'PageUp'],
    PageDown: [34, 'PageDown'],
  };

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
   * What covers `el` at the hit point, named by its outermost element that does not hold `el`:
   * the outermost positioned one (a fixed banner, not the paragraph in it), else the outermost.
   */
  function coverOf(hit: Element, el: Element): Element {
    let outermost = hit;
    let positioned: Element | null = null;
    for (let at: Element | null = hit; at && !A.within(el, at); at = A.parentOf(at)) {
      if (at === document.body || at === document.documentElement) break;
      outermost = at;
      if (getComputedStyle(at).position !== 'static') positioned = at;
    }
    return positioned ?? outermost;
  }

  /** The checks before a pointer-like act: disabled, upload, scrolled into view, hit-tested. */
  function ready(target: Located, verb: Verb): { x: number; y: number } | ActResult {
    const { el, ref, total, visible } = target;
    const refuse = (extra: object) => answer(verb, true, total, visible, { ref, ...extra });
    if (A.disabled(el)) return refuse({ reason: 'disabled' });
    if (A.reachesFile(el)) return refuse({ reason: 'upload' });
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
      return refuse({ reason: 'obscured', by: A.describeEl(coverOf(hit, el)) });
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
    const outcome = A.typeInto(target.el, args.text);
    return {
      found: true,
      ...outcome,
      matchedTotal: target.total,
      matchedVisible: target.visible,
      ref: target.ref,
    };
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

  function scroll(args: ActArgs): ActResult | AgentError {
    const targeted = args.ref !== undefined || args.role !== undefined || args.name !== undefined;
    if ((args.dy !== undefined) === targeted)
      return { error: 'scroll takes exactly one of ref or dy' };
    if (args.dy !== undefined) {
      if (typeof args.dy !== 'number' || !Number.isFinite(args.dy)) {
        return { error: 'dy must be a finite number' };
      }
      const scroller = scrollerAtCentre();
      const before = scroller.scrollTop;
      scroller.scrollBy({ top: args.dy, behavior: 'instant' });
      const moved = scroller.scrollTop !== before;
      return {
        found: true,
        scrolled: moved,
        matchedTotal: 0,
        matchedVisible: 0,
        ...(moved ? {} : { detail: 'at-edge' }),
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

  function keyInit(key: string, mods: NonNullable<ActArgs['modifiers']>): KeyboardEventInit {
    const known = KEY_CODES[key];
    let keyCode = known ? known[0] : 0;
    let code = known ? known[1] : '';
    if (!known && key.length === 1) {
      const upper = key.toUpperCase();
      if (/[A-Z]/.test(upper)) [keyCode, code] = [upper.charCodeAt(0), 'Key' + upper];
      else if (/[0-9]/.test(key)) [keyCode, code] = [key.charCodeAt(0), 'Digit' + key];
    }
    return {
      key,
      code,
      keyCode,
      which: keyCode,
      bubbles: true,
      cancelable: true,
      composed: true,
      ctrlKey: mods.ctrl === true,
      shiftKey: mods.shift === true,
      altKey: mods.alt === true,
      metaKey: mods.meta === true,
    } as KeyboardEventInit;
  }

  function key(args: ActArgs): ActResult | AgentError {
    let name = args.key;
    if (typeof name !== 'string' || name === '' || name.length > 40) {
      return { error: 'key must be a key name such as "Enter"' };
    }
    if (name === 'Space' || name === 'Spacebar') name = ' ';
    const mods = args.modifiers ?? {};
    if (typeof mods !== 'object' || Object.values(mods).some((v) => typeof v !== 'boolean')) {
      return { error: 'modifiers are {ctrl, shift, alt, meta} booleans' };
    }
    let target: Element | null = null;
    let counts = { matchedTotal: 0, matchedVisible: 0 } as Partial<ActResult>;
    if (args.ref !== undefined || args.role !== undefined || args.name !== undefined) {
      const found = locate(args, 'pressed');
      if (isAnswer(found)) return found;
      if (A.disabled(found.el)) {
        return answer('pressed', true, found.total, found.visible, {
          ref: found.ref,
          reason: 'disabled',
        });
      }
      (found.el as HTMLElement).focus({ preventScroll: true });
      target = found.el;
      counts = { matchedTotal: found.total, matchedVisible: found.visible, ref: found.ref };
    }
    target = target ?? A.deepActive() ?? document.body ?? document.documentElement;
    const init = keyInit(name, mods);
    const proceeded = target.dispatchEvent(new KeyboardEvent('keydown', init));
    const printable = name.length === 1 || name === 'Enter';
    if (proceeded && printable && !init.ctrlKey && !init.metaKey) {
      const char = name === 'Enter' ? 13 : name.charCodeAt(0);
      target.dispatchEvent(
        new KeyboardEvent('keypress', {
          ...init,
          charCode: char,
          keyCode: char,
          which: char,
        } as KeyboardEventInit),
      );
    }
    target.dispatchEvent(new KeyboardEvent('keyup', init));
    return {
      found: true,
      pressed: true,
      ...counts,
      ...(proceeded ? {} : { detail: 'default-prevented' }),
    } as ActResult;
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
      default:
        return { error: 'operation must be click, type, scroll or key' };
    }
  };
}
