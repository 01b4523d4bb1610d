/**
 * The executable part of the language: what an `action:` step may say so that VMark Web can run
 * it itself — exactly what the recorder writes:
 *
 *   click "<name>" [(<role>)]
 *   type "<literal>" into "<name>" [(<role>)]      type {input} into "<name>" [(<role>)]
 *   navigate to <url>
 *
 * Anything else is `not-executable` (the step is handed to the AI); a step that starts like one of
 * these but is broken (an unclosed quote, junk after the role) is malformed, a hard error.
 */
import { scanQuoted } from './quotedString.js';

export type ActionStep =
  | { kind: 'click'; name: string; role: string | null }
  | {
      kind: 'type';
      value: { literal: string } | { input: string };
      name: string;
      role: string | null;
    }
  | { kind: 'navigate'; url: string };

export type ActionParse =
  | { ok: true; step: ActionStep }
  | { ok: false; code: 'not-executable' | 'malformed-target' | 'malformed-value'; reason: string };

const ROLE = /^\(([a-z]+(?:-[a-z]+)*)\)$/;
const INPUT_REF = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/;

function skipSpaces(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

/** `"<name>" [(<role>)]` up to the end of the text. */
function target(text: string, at: number): ActionParse | { name: string; role: string | null } {
  const scanned = scanQuoted(text, at);
  if (!scanned.ok) return { ok: false, code: 'malformed-target', reason: scanned.reason };
  if (scanned.value === '') {
    return {
      ok: false,
      code: 'malformed-target',
      reason: 'the name is empty (it would match anything unnamed)',
    };
  }
  const rest = text.slice(skipSpaces(text, scanned.end)).trimEnd();
  if (rest === '') return { name: scanned.value, role: null };
  const role = ROLE.exec(rest);
  if (!role) {
    return {
      ok: false,
      code: 'malformed-target',
      reason: 'only a role in parentheses, such as (button), may follow the name',
    };
  }
  return { name: scanned.value, role: role[1] };
}

export function parseAction(text: string): ActionParse {
  const t = text.trim();
  if (t.startsWith('navigate to ')) {
    const url = t.slice('navigate to '.length).trim();
    if (url === '' || /\s/.test(url)) {
      return { ok: false, code: 'not-executable', reason: 'navigate needs one address' };
    }
    return { ok: true, step: { kind: 'navigate', url } };
  }
  if (t.startsWith('click ')) {
    const at = skipSpaces(t, 'click '.length);
    if (t[at] !== '"')
      return { ok: false, code: 'not-executable', reason: 'click needs a quoted name' };
    const r = target(t, at);
    return 'ok' in r ? r : { ok: true, step: { kind: 'click', name: r.name, role: r.role } };
  }
  if (t.startsWith('type ')) {
    let at = skipSpaces(t, 'type '.length);
    let value: { literal: string } | { input: string };
    if (t[at] === '"') {
      const scanned = scanQuoted(t, at);
      if (!scanned.ok) return { ok: false, code: 'malformed-value', reason: scanned.reason };
      value = { literal: scanned.value };
      at = scanned.end;
    } else if (t[at] === '{') {
      const m = INPUT_REF.exec(t.slice(at));
      if (!m)
        return {
          ok: false,
          code: 'malformed-value',
          reason: 'an {input} name is letters, digits and _',
        };
      value = { input: m[1] };
      at += m[0].length;
    } else {
      return {
        ok: false,
        code: 'not-executable',
        reason: 'type needs a quoted text or an {input}',
      };
    }
    at = skipSpaces(t, at);
    if (!t.startsWith('into ', at)) {
      return { ok: false, code: 'malformed-target', reason: 'type … into "<name>" was expected' };
    }
    const r = target(t, skipSpaces(t, at + 'into '.length));
    return 'ok' in r ? r : { ok: true, step: { kind: 'type', value, name: r.name, role: r.role } };
  }
  return { ok: false, code: 'not-executable', reason: 'not one of click, type, navigate to' };
}
