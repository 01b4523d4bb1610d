/**
 * The agent's part for recording a chore as the person does it (browser.workflow_record). It is
 * dormant until `recordArm`, and then listens, in the capture phase, for what the person does:
 * - a click: the role and accessible name of the control it hit;
 * - a changed text field, text area or select: its role and name, and whether it looks secret;
 * - an edited contenteditable region: the same, when it loses focus.
 * It never reads a value. Only trusted events count (a page script cannot dispatch one), and each
 * goes at once to the hub through a binding that exists in the agent's isolated world only
 * (`__vmarkRecord`), so the page can neither read nor forge what is recorded.
 *
 * Secret-looking fields: password and file inputs; autocomplete tokens for passwords, one-time
 * codes and cards; words such as password, token, otp or pin in the field's name, id, label,
 * placeholder or aria attributes; the same in several languages. A field once seen as secret
 * stays so for the page's life, whatever its attributes become.
 */
import type { AgentScope } from './agentScope.js';

export function recordPart(A: AgentScope): void {
  const SECRET_AUTOCOMPLETE =
    /(^|\s)(new-password|current-password|one-time-code|cc-[a-z-]+)(\s|$)/i;
  const SECRET_WORDS = new Set([
    'password',
    'passwd',
    'pwd',
    'passphrase',
    'otp',
    'totp',
    'mfa',
    '2fa',
    'token',
    'cvv',
    'cvv2',
    'cvc',
    'csc',
    'ssn',
    'secret',
    'pin',
    'passcode',
  ]);
  const SECRET_PHRASES = [
    'verification code',
    'security code',
    'one-time password',
    'one time password',
    'authentication code',
    '密码',
    '验证码',
    '密碼',
    '驗證碼',
    'パスワード',
    '認証コード',
    '비밀번호',
    '인증번호',
    'contraseña',
    'mot de passe',
    'code de vérification',
    'senha',
    'passwort',
    'kennwort',
    'пароль',
  ];
  const secretMarks = new WeakSet<Element>();

  /** Words of an identifier or label: split on punctuation, spaces and camelCase. */
  A.secretText = (text: string): boolean => {
    const lower = text.toLowerCase();
    if (SECRET_PHRASES.some((p) => lower.includes(p))) return true;
    const words = text
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/);
    return words.some((w) => SECRET_WORDS.has(w));
  };

  A.secretField = (el: Element): boolean => {
    if (secretMarks.has(el)) return true;
    let secret = false;
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    if (el instanceof HTMLInputElement && (type === 'password' || type === 'file')) secret = true;
    if (!secret && SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') ?? '')) secret = true;
    if (!secret) {
      const texts = ['name', 'id', 'aria-label', 'placeholder', 'title'].map(
        (attr) => el.getAttribute(attr) ?? '',
      );
      const labelledBy = (el.getAttribute('aria-labelledby') ?? '').split(/\s+/);
      for (const id of labelledBy) {
        if (id) texts.push(el.ownerDocument.getElementById(id)?.textContent ?? '');
      }
      const labels = (el as HTMLInputElement).labels;
      if (labels) for (const label of Array.from(labels)) texts.push(label.textContent ?? '');
      secret = texts.some((t) => t !== '' && A.secretText(t));
    }
    if (secret) secretMarks.add(el);
    return secret;
  };

  type Sink = (json: string) => void;
  let armed: { sink: Sink; off: () => void } | null = null;
  let lastClick: { el: Element; at: number } | null = null;
  const edited = new WeakSet<Element>();

  /** The nearest element with a role, from the event's real target (open shadow trees too). */
  function controlOf(event: Event): { el: Element; role: string } | null {
    for (const node of event.composedPath()) {
      if (!(node instanceof Element)) continue;
      const info = A.roleOf(node);
      if (info && info.role !== 'generic' && info.role !== 'none')
        return { el: node, role: info.role };
      if (node === node.ownerDocument.body) break;
    }
    const target = event.target instanceof Element ? event.target : null;
    return target ? { el: target, role: '' } : null;
  }

  function emit(event: Record<string, unknown>): void {
    armed?.sink(JSON.stringify(event));
  }

  function onClick(event: Event): void {
    if (!event.isTrusted) return;
    let found = controlOf(event);
    if (!found) return;
    // A click on a label is a click on its control (which the browser then clicks too).
    const control = found.role === '' ? found.el.closest('label')?.control : null;
    if (control) found = { el: control, role: A.roleOf(control)?.role ?? '' };
    const now = Date.now();
    const repeat = lastClick && lastClick.el === found.el && now - lastClick.at < 100;
    lastClick = { el: found.el, at: now };
    if (repeat) return;
    if (A.isTextEntry(found.el)) return; // focusing a field is not a step; its change is
    const name = found.role ? A.nameOf(found.el, found.role) : A.norm(found.el.textContent ?? '');
    emit({ type: 'click', role: found.role || null, name: A.clip(name, 200) });
  }

  function typed(el: Element): void {
    const info = A.roleOf(el);
    const role = info?.role ?? null;
    const name = role ? A.nameOf(el, role) : '';
    emit({ type: 'type', role, name: A.clip(name, 200), sensitive: A.secretField(el) });
  }

  function onChange(event: Event): void {
    if (!event.isTrusted) return;
    const el = event.target;
    if (!(el instanceof Element) || !A.isTextEntry(el)) return;
    typed(el);
  }

  function onInput(event: Event): void {
    if (!event.isTrusted) return;
    const el = event.target;
    if (el instanceof HTMLElement && el.isContentEditable) edited.add(el);
  }

  function onFocusOut(event: Event): void {
    const el = event.target;
    if (!(el instanceof HTMLElement) || !edited.has(el)) return;
    edited.delete(el);
    typed(el);
  }

  /** Fields whose content is typed: text-like inputs, text areas, selects. */
  A.isTextEntry = (el: Element): boolean => {
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
    if (!(el instanceof HTMLInputElement)) return false;
    return ![
      'checkbox',
      'radio',
      'button',
      'submit',
      'reset',
      'image',
      'hidden',
      'range',
      'color',
    ].includes(el.type);
  };

  A.recordArm = () => {
    if (armed) return { armed: true };
    const sink = (globalThis as unknown as { __vmarkRecord?: Sink }).__vmarkRecord;
    if (typeof sink !== 'function') return { error: 'the recording channel is not open' };
    const options = { capture: true, passive: true };
    const pairs: [string, (e: Event) => void][] = [
      ['click', onClick],
      ['change', onChange],
      ['input', onInput],
      ['focusout', onFocusOut],
    ];
    for (const [type, fn] of pairs) window.addEventListener(type, fn, options);
    armed = {
      sink: (json) => sink(json),
      off: () => {
        for (const [type, fn] of pairs) window.removeEventListener(type, fn, options);
      },
    };
    return { armed: true };
  };

  A.recordDisarm = () => {
    armed?.off();
    armed = null;
    return { armed: false };
  };
}
