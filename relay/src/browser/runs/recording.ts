/**
 * Turns what a recording captured into a workflow text. The capture hands over roles, accessible
 * names and a "sensitive" hint, never a value, and this conversion keeps it that way:
 * - a text field becomes `type {input} into "<name>" (<role>)` and `{input}` a declared input;
 * - a secret-looking field becomes a `confirm:` step: the person enters it again at replay;
 * - a click on something without a known role becomes a `confirm:` step done by hand;
 * - a navigation keeps origin and path only (origin alone when the path looks like a credential);
 * - every name is one line, capped and quoted, so a page cannot write a step of its own.
 */
import { credentialPath, urlForAgent } from '../policy/urls.js';

export type RecordedEvent =
  | { type: 'navigate'; url: string }
  | { type: 'click'; role: string | null; name: string }
  | { type: 'type'; role: string | null; name: string; sensitive: boolean }
  | { type: 'extract' };

export interface Recording {
  source: string;
  /** The `{input}` names the source declares, in order of first use. */
  inputs: string[];
  stepCount: number;
}

/** Longest name or label written into a step, in code points. */
export const NAME_LIMIT = 120;
/** Longest input name. */
export const INPUT_NAME_LIMIT = 60;
/** Longest `site:` value. */
export const SITE_LIMIT = 64;
/** The `site:` of a recording started without one. */
export const DEFAULT_SITE = 'recording';

const ROLE = /^[a-z]+$/;

/** One line: whitespace runs (line breaks included) become one space; capped by code points. */
export function oneLine(text: string, limit: number): string {
  const folded = String(text)
    .replace(/[\s\u0085]+/gu, ' ')
    .trim();
  const points = [...folded];
  return points.length > limit ? points.slice(0, limit).join('').trimEnd() : folded;
}

/**
 * A name in JSON quotes. Braces are written as escapes, so a name such as "{total}" is not read as
 * a reference to an input (the parser would warn about an undeclared one).
 */
function quoted(name: string): string {
  return JSON.stringify(oneLine(name, NAME_LIMIT))
    .replace(/\{/g, '\\u007b')
    .replace(/\}/g, '\\u007d');
}

/** What `site:` says: the caller's words on one line, or the default. */
export function siteLine(site: string | undefined): string {
  const s = oneLine(site ?? '', SITE_LIMIT);
  return s === '' ? DEFAULT_SITE : s;
}

/**
 * An input name from a field's name: compatibility-normalised, lower case, ASCII letters and digits
 * with single `_` between words; `field_<position>` when nothing is left; prefixed with `field_`
 * when it would start with a digit.
 */
export function inputSlug(name: string, position: number): string {
  let slug = oneLine(name, NAME_LIMIT)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (slug === '') return `field_${position}`;
  if (/^[0-9]/.test(slug)) slug = `field_${slug}`;
  return slug.slice(0, INPUT_NAME_LIMIT).replace(/_+$/, '');
}

function unique(slug: string, taken: Set<string>): string {
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = slug.slice(0, INPUT_NAME_LIMIT - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The address a navigate step may keep, or null when only a person can say where to go. */
export function recordedUrl(url: string): string | null {
  // Scheme, host, port and path of a web address; anything else comes back without `//`.
  const kept = urlForAgent(url);
  if (!/^https?:\/\//.test(kept)) return null;
  const { origin, pathname } = new URL(kept);
  return credentialPath(pathname) ? `${origin}/` : kept;
}

function role(r: string | null): string | null {
  return typeof r === 'string' && ROLE.test(r) ? r : null;
}

/** The same field typed into again, with nothing in between, is one step. */
function sameField(a: RecordedEvent | undefined, b: RecordedEvent): boolean {
  return (
    a?.type === 'type' &&
    b.type === 'type' &&
    a.role === b.role &&
    a.name === b.name &&
    a.sensitive === b.sensitive
  );
}

function stepFor(
  event: RecordedEvent,
  position: number,
  slugs: Map<string, string>,
  taken: Set<string>,
): string {
  switch (event.type) {
    case 'navigate': {
      const url = recordedUrl(event.url);
      return url === null ? 'action: navigate' : `action: navigate to ${url}`;
    }
    case 'extract':
      return 'extract: content';
    case 'click': {
      const name = oneLine(event.name, NAME_LIMIT);
      const r = role(event.role);
      if (name === '') return `confirm: click an unnamed ${r ?? 'element'} by hand`;
      if (r === null) return `confirm: click ${quoted(name)} by hand`;
      return `action: click ${quoted(name)} (${r})`;
    }
    case 'type': {
      const name = oneLine(event.name, NAME_LIMIT);
      if (event.sensitive) {
        return name === '' ? 'confirm: enter the secret by hand' : `confirm: enter ${quoted(name)}`;
      }
      const r = role(event.role);
      if (name === '') return `confirm: fill in an unnamed ${r ?? 'field'} by hand`;
      const key = `${r ?? ''}\u0000${name}`;
      let slug = slugs.get(key);
      if (slug === undefined) {
        slug = unique(inputSlug(name, position), taken);
        taken.add(slug);
        slugs.set(key, slug);
      }
      return `action: type {${slug}} into ${quoted(name)}${r ? ` (${r})` : ''}`;
    }
  }
}

/** The workflow text for a recording's events, in the order they happened. */
export function recordingToSource(events: readonly RecordedEvent[], site?: string): Recording {
  const steps: string[] = [];
  const slugs = new Map<string, string>();
  const taken = new Set<string>();
  const inputs: string[] = [];
  events.forEach((event, i) => {
    if (sameField(events[i - 1], event)) return;
    const before = taken.size;
    steps.push(stepFor(event, steps.length + 1, slugs, taken));
    if (taken.size > before) inputs.push([...taken][taken.size - 1]);
  });
  const front = ['---', `site: ${siteLine(site)}`];
  if (inputs.length > 0) front.push(`inputs: [${inputs.join(', ')}]`);
  front.push('---');
  const body = steps.map((s, i) => `${i + 1}. ${s}`);
  return { source: [...front, ...body].join('\n') + '\n', inputs, stepCount: steps.length };
}
