/**
 * The person's name in the coherence record: what a record of theirs (a save, a waiver, a grant,
 * a claim) carries as `{type: "human", id}`. Desktop VMark takes the login's git or user name and
 * falls back to `unknown-human`; a browser knows neither, so the person gives the name (Settings →
 * Workspace → Your name). No name given: `unknown-human`, as the desktop records a person it
 * cannot name.
 */

/** How a record names a person who gave no name (desktop VMark's own word). */
export const UNNAMED_PERSON = 'unknown-human';

/** The longest name, in characters (code points), after trimming. */
export const PERSON_NAME_MAX = 64;

export type PersonNameProblem = 'too-long' | 'invisible' | 'no-letter';

export type PersonNameCheck =
  { ok: true; name: string } | { ok: false; problem: PersonNameProblem };

/**
 * Line breaks, tabs and other control characters, and invisible format characters (direction
 * overrides, zero-width spaces, byte-order marks), which would make two names look alike or break
 * a line of the record when shown. The zero-width joiner and non-joiner stay: some scripts (and
 * emoji) spell with them.
 */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The name as it will be recorded (trimmed, in Unicode NFC), or what is wrong with it. An empty
 * name is a valid answer: the person gives none, and records say `unknown-human`.
 */
export function checkPersonName(input: string): PersonNameCheck {
  const name = input.normalize('NFC').trim();
  if (name === '') return { ok: true, name };
  if ([...name].length > PERSON_NAME_MAX) return { ok: false, problem: 'too-long' };
  if (INVISIBLE.test(name)) return { ok: false, problem: 'invisible' };
  if (!LETTER_OR_DIGIT.test(name)) return { ok: false, problem: 'no-letter' };
  return { ok: true, name };
}

/** The actor id a record of the person's carries for the name setting. */
export function recordedName(setting: string): string {
  const checked = checkPersonName(setting);
  return checked.ok && checked.name !== '' ? checked.name : UNNAMED_PERSON;
}

/**
 * The name the app suggests the first time it asks: `person-` and the last four hex digits of
 * this browser profile's writer id. A browser knows no name of the person's, so the suggestion
 * claims none; it is the same in every window and every time it is asked, and differs from
 * profile to profile, so two people who both accept it still appear as two in a shared folder
 * (the digits also end the name of this profile's ledger segment, `<writer>.jsonl`).
 */
export function suggestedPersonName(writerId: string): string {
  const hex = writerId.toLowerCase().replace(/[^0-9a-f]/g, '');
  return `person-${hex.slice(-4).padStart(4, '0')}`;
}
