/**
 * The console of an AI tab as the model may read it: the last 200 entries, each cut to 2,000
 * characters. Page output, so untrusted.
 */

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export interface ConsoleEntry {
  level: ConsoleLevel;
  text: string;
}

export const MAX_CONSOLE_ENTRIES = 200;
export const MAX_CONSOLE_TEXT = 2000;

/** Maps a Playwright console message type to a level; null for types the model does not get. */
export function consoleLevel(type: string): ConsoleLevel | null {
  switch (type) {
    case 'log':
    case 'info':
    case 'error':
    case 'debug':
      return type;
    case 'warning':
    case 'warn':
      return 'warn';
    default:
      return null;
  }
}

export class ConsoleRing {
  readonly #entries: ConsoleEntry[] = [];

  constructor(
    private readonly cap = MAX_CONSOLE_ENTRIES,
    private readonly maxText = MAX_CONSOLE_TEXT,
  ) {}

  push(level: ConsoleLevel, text: string): void {
    this.#entries.push({
      level,
      text: text.length > this.maxText ? text.slice(0, this.maxText) : text,
    });
    if (this.#entries.length > this.cap) this.#entries.splice(0, this.#entries.length - this.cap);
  }

  entries(): ConsoleEntry[] {
    return this.#entries.map((e) => ({ ...e }));
  }

  /** Returns the entries and empties the ring. */
  drain(): ConsoleEntry[] {
    return this.#entries.splice(0, this.#entries.length);
  }
}

/** The first line of an exception's description, as an entry's text after its prefix. */
export function exceptionText(prefix: string, description: string): string {
  const first = description.split('\n', 1)[0].trim();
  return `${prefix}${first || 'an error without a message'}`;
}
