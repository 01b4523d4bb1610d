/**
 * Every area's messages, flattened to `area.key`. Adding an area: declare it in `messages/`
 * with `area(...)` and list it in AREAS.
 */
import type { Locale, Message } from './locales';
import type { AreaMessages } from './messages/area';
import { browser } from './messages/browser';
import { coherence } from './messages/coherence';
import { coherenceRecord } from './messages/coherenceRecord';
import { common } from './messages/common';
import { notices } from './messages/notices';
import { problems } from './messages/problems';
import { settings } from './messages/settings';
import { shell } from './messages/shell';
import { sidebar } from './messages/sidebar';
import { statusBar } from './messages/statusBar';
import { workflows } from './messages/workflows';

const AREAS = {
  browser,
  coherence,
  coherenceRecord,
  common,
  notices,
  problems,
  settings,
  shell,
  sidebar,
  statusBar,
  workflows,
};

type Areas = typeof AREAS;
type KeysOf<A> = A extends AreaMessages<infer K> ? K : never;

/** Every message key, as `area.key`. */
export type MessageKey = {
  [A in keyof Areas & string]: `${A}.${KeysOf<Areas[A]>}`;
}[keyof Areas & string];

function flatten(locale: Locale): Record<string, Message> {
  const out: Record<string, Message> = {};
  for (const [name, messages] of Object.entries(AREAS)) {
    const table = (messages as AreaMessages<string>)[locale];
    for (const [key, message] of Object.entries(table)) out[`${name}.${key}`] = message;
  }
  return out;
}

export const CATALOG: Record<Locale, Record<string, Message>> = {
  en: flatten('en'),
  ko: flatten('ko'),
  'zh-Hant': flatten('zh-Hant'),
  fr: flatten('fr'),
};
