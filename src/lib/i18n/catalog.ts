/**
 * Every area's messages, flattened to `area.key`. Adding an area: declare it in `messages/`
 * with `area(...)` and list it in AREAS.
 */
import type { Locale, Message } from './locales';
import type { AreaMessages } from './messages/area';
import { aiClients } from './messages/aiClients';
import { approval } from './messages/approval';
import { browser } from './messages/browser';
import { cjk } from './messages/cjk';
import { cjkRules } from './messages/cjkRules';
import { coherence } from './messages/coherence';
import { coherenceRecord } from './messages/coherenceRecord';
import { commands } from './messages/commands';
import { common } from './messages/common';
import { dialogs } from './messages/dialogs';
import { editors } from './messages/editors';
import { exporting } from './messages/exporting';
import { find } from './messages/find';
import { notices } from './messages/notices';
import { personName } from './messages/personName';
import { problems } from './messages/problems';
import { scanProblems } from './messages/scanProblems';
import { settings } from './messages/settings';
import { shell } from './messages/shell';
import { sidebar } from './messages/sidebar';
import { statusBar } from './messages/statusBar';
import { workflows } from './messages/workflows';

const AREAS = {
  aiClients,
  approval,
  browser,
  cjk,
  cjkRules,
  coherence,
  coherenceRecord,
  commands,
  common,
  dialogs,
  editors,
  exporting,
  find,
  notices,
  personName,
  problems,
  scanProblems,
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
