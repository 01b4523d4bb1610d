/**
 * The Breakdown view's words in the UI language: the states, maturities and enforcements the
 * record holds as values, the scopes of a delegation, times, and the panel's own sentences kept
 * as a key until they are shown (a sentence from the core is shown as the core wrote it).
 */
import type { MessageKey } from '../../i18n/catalog';
import { dateLocale, i18n, t } from '../../i18n/i18n.svelte';
import type { Params } from '../../i18n/locales';

/** A sentence for the person: the core's own text, or one of the UI's messages. */
export type Said = string | { key: MessageKey; params?: Params };

export function said(s: Said): string {
  return typeof s === 'string' ? s : t(s.key, s.params);
}

const EDGE_STATES: Record<string, MessageKey> = {
  'version-stale': 'coherence.stateVersionStale',
  'stale-valid': 'coherence.stateStaleValid',
  'stale-contradicted': 'coherence.stateStaleContradicted',
  'stale-unknown': 'coherence.stateStaleUnknown',
  waived: 'coherence.stateWaived',
  diverged: 'coherence.stateDiverged',
  'diverged-multi-head': 'coherence.stateMultiHead',
  unpinnable: 'coherence.stateUnpinnable',
};

const VALUES: Record<string, MessageKey> = {
  draft: 'coherenceRecord.draft',
  established: 'coherenceRecord.established',
  greenhouse: 'coherenceRecord.greenhouse',
  enforcing: 'coherenceRecord.enforcing',
};

const SCOPES: Record<string, MessageKey> = {
  'resolve.accept-newer': 'coherenceRecord.scopeAcceptNewer',
  'resolve.waive': 'coherenceRecord.scopeWaive',
};

/** A stale link's state as a few words; a state this window does not know, as it is. */
export function edgeStateText(state: string): string {
  const key = EDGE_STATES[state];
  return key ? t(key) : state;
}

/** A claim's maturity or a context's enforcement as a word; an unknown value as it is. */
export function valueText(value: string): string {
  const key = VALUES[value];
  return key ? t(key) : value;
}

/** What a delegation lets a client do, as a list read in a sentence ("accept newer and waive"). */
export function scopeText(scope: readonly string[]): string {
  const words = scope.map((s) => (SCOPES[s] ? t(SCOPES[s]) : s));
  return new Intl.ListFormat(i18n.current, { type: 'conjunction' }).format(words);
}

/** An expiry as the person reads it: the day, and the time in their zone. */
export function readableTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toLocaleString(dateLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/**
 * A message with a `{time}` the markup draws itself (a `<time>` element): the text before it and
 * the text after it, in the UI language.
 */
export function aroundTime(key: MessageKey, params: Params): [string, string] {
  const text = t(key, params); // {time} has no value, so it stays as written
  const at = text.indexOf('{time}');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + '{time}'.length)];
}
