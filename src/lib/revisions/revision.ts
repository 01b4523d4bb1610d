/** Revision tokens: `rev-` + 8 random characters, changed on every content change and only then. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN = /^rev-[A-Za-z0-9]{8}$/;

type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes);

/** A fresh revision token that differs from `previous` (when given). */
export function newRevision(previous?: string, random: RandomSource = cryptoRandom): string {
  for (;;) {
    // 62 * 4 = 248: bytes at or above it are rejected so every character is equally likely.
    let out = 'rev-';
    while (out.length < 12) {
      for (const b of random(new Uint8Array(16))) {
        if (b < 248 && out.length < 12) out += ALPHABET[b % 62];
      }
    }
    if (out !== previous) return out;
  }
}

export function isRevision(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}
