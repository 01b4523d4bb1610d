/**
 * Roles, accessible names and states as the agent computes them. Runs in the page (see
 * agentScope.ts).
 *
 * Role: the first recognised token of an explicit `role` attribute (none, presentation and
 * generic give no node), else the element's implicit role. Name: aria-labelledby, aria-label,
 * img alt, a control's label, placeholder or button value, the content text (for roles named
 * from their content), then title; normalised by `A.norm`.
 */
import type { AgentScope, RoleInfo } from './agentScope.js';

export function rolesPart(A: AgentScope): void {
  const ROLES = new Set(
    (
      'alert alertdialog application article banner blockquote button caption cell checkbox code ' +
      'columnheader combobox complementary contentinfo definition deletion dialog directory ' +
      'document emphasis feed figure form generic grid gridcell group heading img image insertion ' +
      'link list listbox listitem log main mark marquee math menu menubar menuitem ' +
      'menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation ' +
      'progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox ' +
      'separator slider spinbutton status strong subscript superscript switch tab table tablist ' +
      'tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem'
    ).split(' '),
  );
  const NO_NODE = new Set(['none', 'presentation', 'generic']);
  const FROM_CONTENT = new Set(
    (
      'button cell checkbox columnheader gridcell heading link menuitem menuitemcheckbox ' +
      'menuitemradio option radio row rowheader switch tab tooltip treeitem'
    ).split(' '),
  );
  const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
  const INPUT_ROLES: Record<string, string> = {
    button: 'button',
    submit: 'button',
    reset: 'button',
    image: 'button',
    file: 'button',
    checkbox: 'checkbox',
    radio: 'radio',
    range: 'slider',
    number: 'spinbutton',
    search: 'searchbox',
  };
  const BUTTON_VALUES: Record<string, string> = { submit: 'Submit', reset: 'Reset' };
  const SKIPPED_TEXT = new Set(['script', 'style', 'template', 'noscript', 'select', 'textarea']);
  const TEXT_BUDGET = 1000;

  function inputRole(input: HTMLInputElement): string | null {
    const type = input.type;
    if (type === 'hidden') return null;
    if (INPUT_ROLES[type]) return INPUT_ROLES[type];
    return input.hasAttribute('list') ? 'combobox' : 'textbox';
  }

  function sectioned(el: Element): boolean {
    return el.parentElement?.closest('article,aside,main,nav,section') != null;
  }

  function implicitRole(el: Element): RoleInfo | null {
    const tag = el.localName;
    if (/^h[1-6]$/.test(tag)) return { role: 'heading', level: Number(tag[1]) };
    switch (tag) {
      case 'button':
      case 'summary':
        return { role: 'button' };
      case 'a':
      case 'area':
        return el.hasAttribute('href') ? { role: 'link' } : null;
      case 'input': {
        const role = inputRole(el as HTMLInputElement);
        return role ? { role } : null;
      }
      case 'textarea':
        return { role: 'textbox' };
      case 'select': {
        const select = el as HTMLSelectElement;
        return { role: select.multiple || select.size > 1 ? 'listbox' : 'combobox' };
      }
      case 'img':
        return el.getAttribute('alt') === '' ? null : { role: 'img' };
      case 'nav':
        return { role: 'navigation' };
      case 'main':
        return { role: 'main' };
      case 'aside':
        return { role: 'complementary' };
      case 'header':
        return sectioned(el) ? null : { role: 'banner' };
      case 'footer':
        return sectioned(el) ? null : { role: 'contentinfo' };
      case 'dialog':
        return { role: 'dialog' };
      case 'progress':
        return { role: 'progressbar' };
    }
    const editable = el as HTMLElement;
    if (
      editable.isContentEditable &&
      !(el.parentElement as HTMLElement | null)?.isContentEditable
    ) {
      return { role: 'textbox' };
    }
    return null;
  }

  A.roleOf = function roleOf(el) {
    const explicit = (el.getAttribute('role') ?? '').trim().toLowerCase();
    if (explicit !== '') {
      const role = explicit.split(/\s+/).find((t) => ROLES.has(t));
      if (role !== undefined) {
        if (NO_NODE.has(role)) return null;
        if (role !== 'heading') return { role };
        const level = Number(el.getAttribute('aria-level'));
        const tagLevel = /^h[1-6]$/.test(el.localName) ? Number(el.localName[1]) : 2;
        return { role, level: Number.isInteger(level) && level > 0 ? level : tagLevel };
      }
    }
    const implicit = implicitRole(el);
    if (implicit?.role === 'heading') {
      const level = Number(el.getAttribute('aria-level'));
      if (Number.isInteger(level) && level > 0) implicit.level = level;
    }
    return implicit;
  };

  /** The text a person would read in `node` (open shadow trees and slots followed). */
  function textOf(node: Node, out: string[], budget: { left: number }): void {
    if (budget.left <= 0) return;
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.nodeValue ?? '';
      out.push(text);
      budget.left -= text.length;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    if (SKIPPED_TEXT.has(el.localName) || el.hasAttribute('hidden')) return;
    if (el.getAttribute('aria-hidden') === 'true') return;
    if (
      el.localName === 'img' ||
      (el.localName === 'input' && el.getAttribute('type') === 'image')
    ) {
      out.push(' ' + (el.getAttribute('alt') ?? '') + ' ');
      return;
    }
    const label = el.getAttribute('aria-label');
    if (label !== null && label.trim() !== '') {
      out.push(' ' + label + ' ');
      return;
    }
    if (el.localName === 'input') return;
    const block = el.localName === 'br' || el.localName === 'p' || el.localName === 'div';
    if (block) out.push(' ');
    let children: ArrayLike<Node> = el.childNodes;
    if (el.shadowRoot) children = el.shadowRoot.childNodes;
    else if (el.localName === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
      if (assigned.length > 0) children = assigned;
    }
    for (let i = 0; i < children.length; i++) textOf(children[i], out, budget);
    if (block) out.push(' ');
  }

  function contentText(el: Element): string {
    const out: string[] = [];
    textOf(el, out, { left: TEXT_BUDGET });
    return A.norm(out.join(''));
  }

  function labelText(label: Element, control: Element): string {
    const out: string[] = [];
    const budget = { left: TEXT_BUDGET };
    for (const child of Array.from(label.childNodes)) {
      if (child !== control) textOf(child, out, budget);
    }
    return A.norm(out.join(''));
  }

  function byIds(el: Element, ids: string): string {
    const root = el.getRootNode() as Document | ShadowRoot;
    const parts = ids
      .split(/\s+/)
      .filter((id) => id !== '')
      .map((id) => root.getElementById(id))
      .map((ref) => (ref ? (ref.getAttribute('aria-label') ?? '').trim() || contentText(ref) : ''));
    return A.norm(parts.join(' '));
  }

  function controlName(el: Element): string {
    const control = el as HTMLInputElement;
    const labels = control.labels ? Array.from(control.labels) : [];
    const fromLabels = A.norm(labels.map((l) => labelText(l, el)).join(' '));
    if (fromLabels !== '') return fromLabels;
    const placeholder = el.getAttribute('placeholder') ?? el.getAttribute('aria-placeholder') ?? '';
    if (A.norm(placeholder) !== '') return A.norm(placeholder);
    if (el.localName === 'input' && ['button', 'submit', 'reset'].includes(control.type)) {
      return A.norm(el.getAttribute('value') ?? BUTTON_VALUES[control.type] ?? '');
    }
    if (el.localName === 'input' && control.type === 'image') return A.norm(control.alt);
    return '';
  }

  A.nameOf = function nameOf(el, role) {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy !== null) {
      const text = byIds(el, labelledBy);
      if (text !== '') return text;
    }
    const label = A.norm(el.getAttribute('aria-label') ?? '');
    if (label !== '') return label;
    if (el.localName === 'img') {
      const alt = A.norm(el.getAttribute('alt') ?? '');
      if (alt !== '') return alt;
    }
    if (['input', 'textarea', 'select', 'button', 'meter', 'progress'].includes(el.localName)) {
      const text = controlName(el);
      if (text !== '') return text;
    }
    if (FROM_CONTENT.has(role) || el.localName === 'summary') {
      const text = contentText(el);
      if (text !== '') return text;
    }
    return A.norm(el.getAttribute('title') ?? '');
  };

  A.checkedOf = function checkedOf(el, role) {
    if (!CHECKABLE.has(role)) return undefined;
    if (el.localName === 'input' && !el.hasAttribute('aria-checked')) {
      const input = el as HTMLInputElement;
      return input.indeterminate ? 'mixed' : input.checked;
    }
    const state = el.getAttribute('aria-checked');
    return state === 'mixed' ? 'mixed' : state === 'true';
  };

  A.disabled = function disabled(el) {
    if (el.matches(':disabled')) return true;
    for (let at: Element | null = el; at; at = A.parentOf(at)) {
      if (at.getAttribute('aria-disabled') === 'true') return true;
    }
    return false;
  };

  function isFileInput(el: Element | null): boolean {
    return el !== null && el.localName === 'input' && (el as HTMLInputElement).type === 'file';
  }

  A.reachesFile = function reachesFile(el) {
    if (isFileInput(el)) return true;
    for (let at: Element | null = el; at; at = A.parentOf(at)) {
      if (at.localName === 'label' && isFileInput((at as HTMLLabelElement).control)) return true;
    }
    return false;
  };
}
