/**
 * The agent's text helpers: name normalisation, cutting, and the short descriptions of elements
 * that act answers carry (`by`, candidates). Runs in the page (see agentScope.ts).
 */
import type { AgentScope } from './agentScope.js';

export function textPart(A: AgentScope): void {
  const DESCRIPTION_MAX = 64;
  const HINT_MAX = 40;
  const CONTAINERS =
    'form,fieldset,section,article,li,tr,dialog,nav,header,footer,aside,main,table,ul,ol,' +
    '[role=dialog],[role=row],[role=listitem],[role=region],[role=group],[role=form]';

  A.norm = function norm(text) {
    return String(text)
      .normalize('NFC')
      .replace(/\p{Cf}/gu, '')
      .replace(/\s+/g, ' ')
      .trim();
  };

  A.clip = function clip(text, max) {
    if (text.length <= max) return text;
    const points = Array.from(text);
    return points.length <= max ? text : points.slice(0, max).join('');
  };

  function token(text: string): string {
    return text.replace(/[^A-Za-z0-9_-]/g, '');
  }

  function cut(text: string): string {
    return text.length > DESCRIPTION_MAX
      ? text.slice(0, DESCRIPTION_MAX).replace(/[.#-]+$/, '')
      : text;
  }

  A.describeEl = function describeEl(el) {
    const classes = Array.from(el.classList, token).filter((c) => c !== '');
    return cut([token(el.localName) || 'element', ...classes].join('.'));
  };

  /** The nearest container with an id (`form#id`), else the nearest container (`li.row`). */
  function container(el: Element): string {
    let nearest: Element | null = null;
    for (let at = A.parentOf(el); at && at !== document.body; at = A.parentOf(at)) {
      if (!at.matches(CONTAINERS)) continue;
      const id = token(at.id);
      if (id !== '') return cut(token(at.localName) + '#' + id);
      nearest = nearest ?? at;
    }
    return nearest ? A.describeEl(nearest) : '';
  }

  function hint(el: Element, name: string): string {
    let at: Element | null = A.parentOf(el);
    for (let depth = 0; at && at !== document.body && depth < 6; depth++, at = A.parentOf(at)) {
      const text = A.norm((at.textContent ?? '').slice(0, 2000));
      const rest = A.norm(name === '' ? text : text.split(name).join(' '));
      if (rest !== '') return A.clip(rest, HINT_MAX).replace(/"/g, "'");
    }
    return '';
  }

  A.contextOf = function contextOf(el, name) {
    const within = container(el);
    const near = hint(el, name);
    return (
      A.describeEl(el) + (within !== '' ? ' in ' + within : '') + (near !== '' ? ` "${near}"` : '')
    );
  };

  A.kebab = function kebab(prop) {
    if (prop.startsWith('--')) return prop;
    return prop.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  };
}
