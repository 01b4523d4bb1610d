/**
 * UUIDs for the coherence ledger: minting UUIDv7 (RFC 9562 §5.7) for object ids, entry ids,
 * idempotency keys and writer ids, and recognising UUID strings.
 *
 * Layout of a UUIDv7 (128 bits, big-endian): 48 bits of Unix time in milliseconds, 4 bits of
 * version (0111), 12 bits `rand_a`, 2 bits of variant (10), 62 bits `rand_b`. Ids minted by one
 * generator sort in minting order as strings: within one millisecond (or when the clock steps
 * back) the 74 random bits of the previous id are counted up by one instead of drawn afresh
 * (RFC 9562 §6.2, a monotonic random counter); if they run over, the time field moves on by one
 * millisecond.
 */

/** Unix milliseconds. */
export type Clock = () => number;
/** Fills the array with random bytes (like `crypto.getRandomValues`). */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => void;

export interface Uuid7Options {
  now?: Clock;
  random?: RandomSource;
}

const MAX_TIME = 2 ** 48 - 1;
const TWO_32 = 2 ** 32;

/** The hyphenated 8-4-4-4-12 form, either case. */
const HYPHENATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIMPLE = /^[0-9a-f]{32}$/i;

/** Whether `s` is a UUID in its usual written form (8-4-4-4-12 hex digits, either case). */
export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && HYPHENATED.test(s);
}

/**
 * Reads a UUID written the ways desktop VMark accepts in front matter (its Rust `uuid` crate's
 * parser): hyphenated, 32 plain hex digits, in braces `{…}`, or as `urn:uuid:…`; hex in either
 * case. Answers the lowercase hyphenated form, or null when `s` is not a UUID.
 */
export function parseUuid(s: string): string | null {
  let body = s;
  if (/^urn:uuid:/i.test(body)) body = body.slice('urn:uuid:'.length);
  else if (body.startsWith('{') && body.endsWith('}')) body = body.slice(1, -1);
  if (HYPHENATED.test(body)) return body.toLowerCase();
  if (body === s && SIMPLE.test(body)) {
    const h = body.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return null;
}

/** The version digit of a UUID string (7 for UUIDv7), or null when `s` is not a UUID. */
export function uuidVersion(s: string): number | null {
  return isUuid(s) ? parseInt(s[14], 16) : null;
}

/** The Unix-millisecond time a UUIDv7 carries, or null when `s` is not a UUIDv7. */
export function uuid7Time(s: string): number | null {
  if (uuidVersion(s) !== 7) return null;
  return parseInt(s.slice(0, 8) + s.slice(9, 13), 16);
}

function defaultRandom(bytes: Uint8Array<ArrayBuffer>): void {
  globalThis.crypto.getRandomValues(bytes);
}

function hex(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0');
}

/**
 * A UUIDv7 minter. Each call answers a new id that sorts after every id this minter answered
 * before, whatever the clock does. A clock reading that is not a finite number in the 48-bit range
 * is clamped into it (the ids stay well-formed).
 */
export function createUuid7(options: Uuid7Options = {}): () => string {
  const now = options.now ?? Date.now;
  const random = options.random ?? defaultRandom;
  let lastTime = -1;
  // The 74 random bits as three counters: randA (12 bits), randBHi (30 bits), randBLo (32 bits).
  let randA = 0;
  let randBHi = 0;
  let randBLo = 0;

  const draw = (): void => {
    const b = new Uint8Array(10);
    random(b);
    randA = ((b[0] << 8) | b[1]) & 0xfff;
    randBHi = (((b[2] << 24) >>> 0) + (b[3] << 16) + (b[4] << 8) + b[5]) & 0x3fffffff;
    randBLo = ((b[6] << 24) >>> 0) + (b[7] << 16) + (b[8] << 8) + b[9];
  };

  /** Counts the 74 bits up by one; true when they ran over (all back to zero). */
  const step = (): boolean => {
    randBLo += 1;
    if (randBLo < TWO_32) return false;
    randBLo = 0;
    randBHi += 1;
    if (randBHi <= 0x3fffffff) return false;
    randBHi = 0;
    randA += 1;
    if (randA <= 0xfff) return false;
    randA = 0;
    return true;
  };

  return () => {
    const raw = now();
    const time = Number.isFinite(raw) ? Math.min(Math.max(Math.floor(raw), 0), MAX_TIME) : 0;
    if (time > lastTime) {
      lastTime = time;
      draw();
    } else if (step()) {
      // The counter ran over within one millisecond: borrow the next one.
      lastTime = Math.min(lastTime + 1, MAX_TIME);
      draw();
    }
    const t = hex(lastTime, 12);
    const variantHi = 0x8 | (randBHi >>> 28);
    return (
      `${t.slice(0, 8)}-${t.slice(8)}-7${hex(randA, 3)}-` +
      `${hex(variantHi, 1)}${hex((randBHi >>> 16) & 0xfff, 3)}-` +
      `${hex(randBHi & 0xffff, 4)}${hex(randBLo, 8)}`
    );
  };
}

/** Mints one UUIDv7 from the system clock and `crypto.getRandomValues` (one shared minter). */
export const uuid7: () => string = createUuid7();
