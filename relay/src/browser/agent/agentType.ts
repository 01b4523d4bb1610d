/**
 * Typing into the control an act resolved, by control family. Runs in the page (see
 * agentScope.ts).
 *
 * The keys themselves are the driver's: the agent checks the control, gives it focus, selects
 * what it holds and answers a plan; the driver then types through the browser's keyboard, so the
 * page gets trusted key, `beforeinput` and `input` events as from a person; `finishType` then
 * says whether the control kept the text.
 *
 * - A text field or text area: a value the field would sanitise away (letters into a number
 *   field, a newline into a one-line field) or cut (`maxlength`) is refused with `rejected-value`
 *   before any key is sent: the value is tried with the prototype's own setter and put back, and
 *   no event fires. Otherwise the driver types over the selected content ("" deletes it).
 * - A contenteditable host: its content is selected and typed over; an editor that keeps its
 *   content unchanged refused the text.
 * - A select: the driver presses ArrowDown or ArrowUp until the option is chosen, the browser's
 *   own option selection; should the page stop those keys, the option is set by script.
 * - Dates and times take no typing: their value is set with the prototype's
 *   setter, then `input` and `change` are dispatched once.
 */
import type { AgentScope, TypeOutcome } from './agentScope.js';
import type { TypePlan } from './agentTypes.js';

export function typePart(A: AgentScope): void {
  const NOT_EDITABLE = new Set([
    'checkbox',
    'radio',
    'submit',
    'button',
    'reset',
    'image',
    'hidden',
    'range',
    'color',
  ]);
  /** Inputs a person picks a value for rather than typing it. */
  const SET_VALUE = new Set(['date', 'time', 'datetime-local', 'month', 'week']);
  const MAX_PENDING = 16;

  interface Pending {
    el: Element;
    kind: 'field' | 'editor' | 'select';
    before: string;
    expected: string;
    index: number;
  }
  const pending = new Map<string, Pending>();
  let nextToken = 1;

  function remember(entry: Pending): string {
    const token = `t${nextToken++}`;
    pending.set(token, entry);
    if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value as string);
    return token;
  }

  function nativeSetter(proto: object, prop: string): (this: Element, value: unknown) => void {
    const setter = Object.getOwnPropertyDescriptor(proto, prop)?.set;
    if (!setter) throw new Error('no native setter for ' + prop);
    return setter as (this: Element, value: unknown) => void;
  }

  function fire(el: Element, text: string): void {
    el.dispatchEvent(
      new InputEvent('input', {
        bubbles: true,
        composed: true,
        inputType: 'insertText',
        data: text,
      }),
    );
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }

  function enabledOption(select: HTMLSelectElement, i: number): boolean {
    const option = select.options[i];
    const group = option.parentElement;
    return !option.disabled && !(group instanceof HTMLOptGroupElement && group.disabled);
  }

  function choose(select: HTMLSelectElement, text: string): TypeOutcome {
    const wanted = A.norm(text);
    const options = Array.from(select.options);
    const index = options.findIndex((o) => A.norm(o.label) === wanted || o.value === text);
    if (index < 0) return { typed: false, reason: 'no-such-option' };
    if (!enabledOption(select, index))
      return { typed: false, reason: 'disabled', detail: 'option' };
    select.focus({ preventScroll: true });
    const from = select.selectedIndex;
    if (from === index) return { typed: true };
    const [lo, hi] = from < index ? [from + 1, index] : [index, from - 1];
    let presses = 0;
    for (let i = Math.max(lo, 0); i <= hi; i++) if (enabledOption(select, i)) presses++;
    const plan: TypePlan = {
      token: remember({ el: select, kind: 'select', before: '', expected: '', index }),
      key: from < index ? 'ArrowDown' : 'ArrowUp',
      presses,
    };
    return { typed: false, plan };
  }

  function fill(field: HTMLInputElement | HTMLTextAreaElement, text: string): TypeOutcome {
    const isInput = field.localName === 'input';
    if (isInput && field.type === 'file') return { typed: false, reason: 'upload' };
    if (isInput && NOT_EDITABLE.has(field.type)) return { typed: false, reason: 'not-editable' };
    if (field.readOnly) return { typed: false, reason: 'readonly' };
    const proto = isInput ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const set = nativeSetter(proto, 'value');
    const before = field.value;
    const expected = isInput ? text : text.replace(/\r\n?/g, '\n');
    set.call(field, text);
    const kept = field.value === expected;
    if (!kept || (isInput && SET_VALUE.has(field.type))) {
      if (!kept) {
        set.call(field, before);
        return { typed: false, reason: 'rejected-value' };
      }
      field.focus({ preventScroll: true });
      fire(field, text);
      return { typed: true };
    }
    set.call(field, before);
    if (field.maxLength >= 0 && expected.length > field.maxLength) {
      return { typed: false, reason: 'rejected-value', detail: 'maxlength' };
    }
    field.focus({ preventScroll: true });
    try {
      field.select();
    } catch {
      // Selection is not offered by every input type; the keys then go after the value.
    }
    const token = remember({ el: field, kind: 'field', before, expected, index: -1 });
    return { typed: false, plan: { token, text: expected, clear: before !== '' } };
  }

  function editableHost(el: HTMLElement): HTMLElement {
    let host = el;
    while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
    return host;
  }

  function edit(host: HTMLElement, text: string): TypeOutcome {
    host.focus({ preventScroll: true });
    const selection = host.ownerDocument.getSelection();
    if (selection) {
      const range = host.ownerDocument.createRange();
      range.selectNodeContents(host);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    const before = host.innerHTML;
    const token = remember({ el: host, kind: 'editor', before, expected: text, index: -1 });
    return { typed: false, plan: { token, text, clear: (host.textContent ?? '') !== '' } };
  }

  A.typeInto = function typeInto(el, text) {
    switch (el.localName) {
      case 'select':
        return choose(el as HTMLSelectElement, text);
      case 'input':
      case 'textarea':
        return fill(el as HTMLInputElement | HTMLTextAreaElement, text);
    }
    const html = el as HTMLElement;
    if (html.isContentEditable) return edit(editableHost(html), text);
    return { typed: false, reason: 'not-editable' };
  };

  /** After the driver's keys: whether the control holds what was typed. */
  A.finishType = function finishType(args) {
    const entry = args && typeof args.token === 'string' ? pending.get(args.token) : undefined;
    if (!entry) return { error: 'no typing is waiting to be finished under that token' };
    pending.delete(args.token);
    const { el, kind, before, expected } = entry;
    if (kind === 'select') {
      const select = el as HTMLSelectElement;
      if (select.selectedIndex === entry.index) return { typed: true };
      // The page kept the keys from the list: the option is chosen by script instead.
      nativeSetter(HTMLSelectElement.prototype, 'selectedIndex').call(select, entry.index);
      select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return { typed: true, detail: 'set-by-script' };
    }
    if (kind === 'editor') {
      const host = el as HTMLElement;
      if (expected !== '' && host.innerHTML === before) {
        return { typed: false, reason: 'rejected-value', detail: 'editor-cancelled' };
      }
      return { typed: true };
    }
    const value = (el as HTMLInputElement).value;
    if (value === expected) return { typed: true };
    if (value === before)
      return { typed: false, reason: 'rejected-value', detail: 'page-cancelled' };
    return { typed: true, detail: 'page-changed-value' };
  };
}
