/**
 * Structured reads by CSS selector, styling, and the signals gate detection reads after a page
 * loads. Each walks the composed tree (open shadow roots entered, iframes not). Runs in the page
 * (see agentScope.ts).
 */
import type { AgentScope } from './agentScope.js';
import type { QueryElement } from './agentTypes.js';

export function queryPart(A: AgentScope): void {
  const VISIT_BUDGET = 20000;
  const MAX_RETURNED = 50;
  const MAX_STYLED = 1000;
  const MAX_TEXT = 500;
  const MAX_CSS = 65536;
  const PROPERTY = /^-{0,2}[A-Za-z][A-Za-z0-9-]*$/;
  const CHALLENGE =
    'iframe[src*="recaptcha"],iframe[src*="hcaptcha"],iframe[src*="turnstile"],' +
    'div.cf-turnstile,#challenge-form,iframe[title*="challenge" i]';

  function stale() {
    return { error: 'the generation is missing, invalid or older than the page’s' };
  }

  /** Null when the selector is usable, else why not. */
  function badSelector(selector: unknown): string | null {
    if (typeof selector !== 'string' || selector.trim() === '' || selector.length > 4000) {
      return 'selector must be a non-empty CSS selector';
    }
    if (/:scope\b/i.test(selector)) return 'selector may not use :scope';
    try {
      document.createDocumentFragment().querySelector(selector);
    } catch {
      return 'invalid selector: ' + A.clip(selector, 200);
    }
    return null;
  }

  function matching(selector: string, max: number) {
    const found: Element[] = [];
    let count = 0;
    const { exhausted } = A.walk(document.documentElement, VISIT_BUDGET, (el) => {
      if (el.matches(selector)) {
        count++;
        if (found.length < max) found.push(el);
      }
    });
    return { found, count, exhausted };
  }

  function badFields(fields: unknown): string | null {
    if (fields === undefined) return null;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields))
      return 'fields must be an object';
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'attributes' || key === 'box') {
        if (typeof value !== 'boolean') return `fields.${key} must be a boolean`;
      } else if (key === 'styles') {
        const ok = Array.isArray(value) && value.length <= 32;
        if (!ok || !value.every((v) => typeof v === 'string' && PROPERTY.test(v))) {
          return 'fields.styles must be up to 32 CSS property names';
        }
      } else return `unknown field ${A.clip(key, 40)}`;
    }
    return null;
  }

  function textOf(el: Element): string {
    const inner = (el as HTMLElement).innerText;
    return A.clip(A.norm(typeof inner === 'string' ? inner : (el.textContent ?? '')), MAX_TEXT);
  }

  A.query = function query(args) {
    if (!args || typeof args !== 'object') return { error: 'query needs an object argument' };
    const generation = args.generation;
    if (!A.validGeneration(generation) || !A.fresh(generation)) return stale();
    const problem = badSelector(args.selector) ?? badFields(args.fields);
    if (problem !== null) return { error: problem };
    const fields = args.fields ?? {};
    const { found, count, exhausted } = matching(args.selector, MAX_RETURNED);
    const elements = found.map((el) => {
      const out: QueryElement = {
        ref: A.refOf(el, generation) as string,
        tag: el.localName,
        text: textOf(el),
      };
      if (fields.attributes) {
        out.attributes = {};
        for (const attr of Array.from(el.attributes).slice(0, 50)) {
          out.attributes[attr.name] = A.clip(attr.value, MAX_TEXT);
        }
      }
      if (fields.box) {
        const b = el.getBoundingClientRect();
        out.box = {
          x: Math.round(b.x),
          y: Math.round(b.y),
          w: Math.round(b.width),
          h: Math.round(b.height),
        };
      }
      if (fields.styles) {
        const computed = getComputedStyle(el);
        out.styles = {};
        for (const name of fields.styles)
          out.styles[name] = computed.getPropertyValue(A.kebab(name));
      }
      return out;
    });
    return { count, truncated: exhausted || count > MAX_RETURNED, elements };
  };

  function badStyle(args: Parameters<typeof A.style>[0]): string | null {
    const { set, addClasses, removeClasses, injectCss } = args;
    if (set === undefined && !addClasses && !removeClasses && injectCss === undefined) {
      return 'style needs set, addClasses, removeClasses or injectCss';
    }
    if (set !== undefined) {
      if (!set || typeof set !== 'object' || Array.isArray(set)) return 'set must be an object';
      const entries = Object.entries(set);
      if (entries.length > 100) return 'set takes at most 100 properties';
      for (const [prop, value] of entries) {
        if (!PROPERTY.test(prop) || typeof value !== 'string' || value.length > 2000) {
          return 'set maps CSS property names to string values';
        }
      }
    }
    for (const list of [addClasses, removeClasses]) {
      if (list === undefined) continue;
      const ok = Array.isArray(list) && list.length <= 50;
      if (!ok || !list.every((c) => typeof c === 'string' && /^\S{1,200}$/.test(c))) {
        return 'classes are lists of up to 50 class names';
      }
    }
    if (injectCss !== undefined && (typeof injectCss !== 'string' || injectCss.length > MAX_CSS)) {
      return 'injectCss must be a string of at most 64 KiB';
    }
    const changesElements = set !== undefined || addClasses || removeClasses;
    const targets = (args.ref !== undefined ? 1 : 0) + (args.selector !== undefined ? 1 : 0);
    if (targets > 1) return 'style takes a ref or a selector, not both';
    if (changesElements && targets === 0) return 'set and classes need a ref or a selector';
    return null;
  }

  A.style = function style(args) {
    if (!args || typeof args !== 'object') return { error: 'style needs an object argument' };
    const generation = args.generation;
    if (!A.validGeneration(generation) || !A.fresh(generation)) return stale();
    const problem =
      badStyle(args) ?? (args.selector !== undefined ? badSelector(args.selector) : null);
    if (problem !== null) return { error: problem };
    let targets: Element[] = [];
    if (args.ref !== undefined) {
      const el = typeof args.ref === 'string' ? A.resolve(args.ref, generation) : null;
      if (!el) return { error: 'the ref names nothing on this page' };
      targets = [el];
    } else if (args.selector !== undefined) {
      targets = matching(args.selector, MAX_STYLED).found;
    }
    let styled = 0;
    for (const el of targets) {
      const inline = (el as HTMLElement).style;
      if (args.set && inline) {
        for (const [prop, raw] of Object.entries(args.set)) {
          const important = /!\s*important\s*$/i.test(raw);
          const value = raw.replace(/!\s*important\s*$/i, '').trim();
          inline.setProperty(A.kebab(prop), value, important ? 'important' : '');
        }
      }
      if (args.addClasses) el.classList.add(...args.addClasses);
      if (args.removeClasses) el.classList.remove(...args.removeClasses);
      styled++;
    }
    if (args.injectCss === undefined) return { styled };
    const sheet = document.createElement('style');
    sheet.setAttribute('data-vmark-agent', '');
    sheet.textContent = args.injectCss;
    (document.head ?? document.documentElement).append(sheet);
    return { styled, injected: true };
  };

  A.gateSignals = function gateSignals() {
    let challengeWidget = false;
    let passwordField = false;
    A.walk(document.documentElement, VISIT_BUDGET, (el) => {
      if (challengeWidget && passwordField) return false;
      if (!challengeWidget && el.matches(CHALLENGE) && A.rendered(el)) {
        const box = el.getBoundingClientRect();
        challengeWidget = box.width > 40 && box.height > 40;
      }
      if (!passwordField && el.matches('input[type=password]')) passwordField = A.rendered(el);
    });
    return {
      url: location.href,
      title: document.title,
      textHead: (document.body ? document.body.innerText : '').slice(0, 4000),
      challengeWidget,
      passwordField,
    };
  };
}
