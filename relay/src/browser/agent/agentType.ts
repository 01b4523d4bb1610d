/**
 * Typing into the control an act resolved, by control family. Runs in the page (see
 * agentScope.ts).
 *
 * Values are set through the prototype's own setter (a page that wraps an element's `value`
 * setter, as React's value tracker does, does not see the write and treats the following
 * `input` event as a change), then `input` and `change` are dispatched once. A value the
 * control sanitises away (letters into a number field, a newline into a single-line field) is
 * refused with `rejected-value`, the prior value restored and no event fired.
 */
import type { AgentScope, TypeOutcome } from './agentScope.js';

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

  function choose(select: HTMLSelectElement, text: string): TypeOutcome {
    const wanted = A.norm(text);
    const options = Array.from(select.options);
    const index = options.findIndex((o) => A.norm(o.label) === wanted || o.value === text);
    if (index < 0) return { typed: false, reason: 'no-such-option' };
    if (options[index].disabled) return { typed: false, reason: 'disabled', detail: 'option' };
    nativeSetter(HTMLSelectElement.prototype, 'selectedIndex').call(select, index);
    select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return { typed: true };
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
    if (field.value !== expected) {
      set.call(field, before);
      return { typed: false, reason: 'rejected-value' };
    }
    field.focus({ preventScroll: true });
    fire(field, text);
    return { typed: true };
  }

  function editableHost(el: HTMLElement): HTMLElement {
    let host = el;
    while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
    return host;
  }

  function edit(host: HTMLElement, text: string): TypeOutcome {
    host.focus({ preventScroll: true });
    const before = host.innerHTML;
    const proceed = host.dispatchEvent(
      new InputEvent('beforeinput', {
        bubbles: true,
        cancelable: true,
        composed: true,
        inputType: 'insertText',
        data: text,
      }),
    );
    if (!proceed) {
      if (host.innerHTML !== before) return { typed: true, detail: 'editor-handled' };
      return { typed: false, reason: 'rejected-value', detail: 'editor-cancelled' };
    }
    const selection = window.getSelection();
    if (selection) {
      const range = document.createRange();
      range.selectNodeContents(host);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    let done: boolean;
    try {
      done =
        text === ''
          ? document.execCommand('delete', false)
          : document.execCommand('insertText', false, text);
    } catch {
      done = false;
    }
    if (!done) {
      host.textContent = text;
      host.dispatchEvent(
        new InputEvent('input', {
          bubbles: true,
          composed: true,
          inputType: 'insertText',
          data: text,
        }),
      );
    }
    return { typed: true };
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
}
