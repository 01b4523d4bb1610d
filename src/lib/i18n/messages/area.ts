/** How one area of the UI declares its messages: the same keys in every language. */
import type { Message } from '../locales';

export interface AreaMessages<K extends string> {
  en: Record<K, Message>;
  ko: Record<K, Message>;
  'zh-Hant': Record<K, Message>;
  fr: Record<K, Message>;
}

/**
 * Declares an area. The keys are the union of all four languages' keys, so a key missing from
 * one language is a type error (and the catalog test says which).
 */
export function area<K extends string>(messages: AreaMessages<K>): AreaMessages<K> {
  return messages;
}
