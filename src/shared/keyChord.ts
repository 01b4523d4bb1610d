/**
 * The keys an AI may press, and the chord the browser's keyboard is given for them. A key is a
 * named key (Enter, Tab, Escape, the arrows, F1–F12, …) or one character; modifiers are held
 * around it. Pure: the driver checks a key here before anything is sent, so an unknown name is
 * an argument error and never reaches the page.
 */
import type { Modifiers } from './wire/driverProtocol.js';

const NAMED = [
  'Enter',
  'Tab',
  'Escape',
  'Backspace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'ContextMenu',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
];

/** Names a person might write for a named key, lower-cased, and the name the keyboard knows. */
const ALIASES: Record<string, string> = {
  ...Object.fromEntries(NAMED.map((k) => [k.toLowerCase(), k])),
  esc: 'Escape',
  return: 'Enter',
  del: 'Delete',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  ctrl: 'Control',
  cmd: 'Meta',
  space: ' ',
  spacebar: ' ',
};

const MODIFIER_KEYS: [keyof Modifiers, string][] = [
  ['ctrl', 'Control'],
  ['alt', 'Alt'],
  ['shift', 'Shift'],
  ['meta', 'Meta'],
];

export type Chord = { ok: true; chord: string; key: string } | { ok: false; message: string };

/**
 * The chord for `key` with `modifiers` held (`Control+Shift+A`), or why it cannot be pressed.
 * A single character is pressed as that character.
 */
export function keyChord(key: string, modifiers: Modifiers = {}): Chord {
  const chars = Array.from(key);
  let name: string | undefined;
  if (chars.length === 1) name = key === ' ' ? ' ' : key;
  else name = ALIASES[key.toLowerCase()];
  if (name === undefined) {
    return {
      ok: false,
      message: `key "${key.slice(0, 40)}" is not a key: use one character or a key name such as Enter, Tab, Escape, Backspace, Delete, Home, End, PageUp, PageDown, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, Space or F1–F12.`,
    };
  }
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return {
      ok: false,
      message: 'key must not be a control character; use its name (Enter, Tab).',
    };
  }
  const held = MODIFIER_KEYS.filter(([flag]) => modifiers[flag] === true).map(([, k]) => k);
  // The keyboard knows a space by its code; `+` after the separator is read as the key.
  const pressed = name === ' ' ? 'Space' : name;
  return { ok: true, chord: [...held.filter((k) => k !== name), pressed].join('+'), key: name };
}

/** How a chord is shown to the person: `Ctrl+Shift+A`, `Enter`, `Space`. */
export function chordLabel(key: string, modifiers: Modifiers = {}): string {
  const named = keyChord(key, modifiers);
  const base = named.ok ? (named.key === ' ' ? 'Space' : named.key) : key;
  const parts = [
    modifiers.ctrl && 'Ctrl',
    modifiers.alt && 'Alt',
    modifiers.shift && 'Shift',
    modifiers.meta && 'Meta',
  ];
  return [...parts.filter(Boolean), base].join('+');
}
