import { describe, expect, it } from 'vitest';
import { createUuid7, isUuid, parseUuid, uuid7, uuid7Time, uuidVersion } from './uuid7';

/** A random source that answers the given bytes, over and over. */
function fixedRandom(fill: number[]): (bytes: Uint8Array) => void {
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = fill[i % fill.length];
  };
}

describe('createUuid7', () => {
  it('lays out time, version and variant as RFC 9562 says', () => {
    // 2026-12-03T16:06:00.000Z = 1796313960000 ms = 0x01a2_3ca7_ce40.
    const mint = createUuid7({ now: () => 1796313960000, random: fixedRandom([0]) });
    expect(mint()).toBe('01a23ca7-ce40-7000-8000-000000000000');
  });

  it('puts every random bit where the layout says, with version and variant forced', () => {
    const mint = createUuid7({ now: () => 0, random: fixedRandom([0xff]) });
    // rand_a all ones; variant 10 then rand_b all ones.
    expect(mint()).toBe('00000000-0000-7fff-bfff-ffffffffffff');
  });

  it('mints ids whose version is 7 and whose variant is RFC 9562', () => {
    const mint = createUuid7();
    for (let i = 0; i < 200; i++) {
      const id = mint();
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });

  it('carries the clock reading, recoverable with uuid7Time', () => {
    const mint = createUuid7({ now: () => 1796313960123 });
    expect(uuid7Time(mint())).toBe(1796313960123);
  });

  it('sorts ids from later milliseconds after earlier ones', () => {
    let t = 1_700_000_000_000;
    const mint = createUuid7({ now: () => t });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(mint());
      t += 1 + (i % 3);
    }
    expect([...ids].sort()).toEqual(ids);
  });

  it('counts up within one millisecond, so ids minted together still sort in order', () => {
    // A random source near the top of its range, so the count carries across groups.
    const mint = createUuid7({ now: () => 5, random: fixedRandom([0xff, 0xff, 0xff, 0xff, 0xfe]) });
    const ids = Array.from({ length: 1000 }, () => mint());
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(uuid7Time(id)).toBe(5);
  });

  it('stays in order when the clock steps back', () => {
    const readings = [1000, 1000, 990, 500, 1001];
    const mint = createUuid7({ now: () => readings.shift()! });
    const ids = Array.from({ length: 5 }, () => mint());
    expect([...ids].sort()).toEqual(ids);
    expect(ids.slice(0, 4).map(uuid7Time)).toEqual([1000, 1000, 1000, 1000]);
    expect(uuid7Time(ids[4])).toBe(1001);
  });

  it('moves to the next millisecond when the 74 random bits run over', () => {
    const mint = createUuid7({ now: () => 42, random: fixedRandom([0xff]) });
    const first = mint();
    const second = mint();
    expect(first).toBe('00000000-002a-7fff-bfff-ffffffffffff');
    expect(uuid7Time(second)).toBe(43);
    expect(second > first).toBe(true);
  });

  it('keeps ids well-formed when the clock answers nonsense', () => {
    const mint = createUuid7({ now: () => Number.NaN });
    expect(uuidVersion(mint())).toBe(7);
  });

  it('the shared minter answers distinct UUIDv7s', () => {
    const a = uuid7();
    const b = uuid7();
    expect(a).not.toBe(b);
    expect(uuidVersion(a)).toBe(7);
    expect(b > a).toBe(true);
  });
});

describe('isUuid and parseUuid', () => {
  const id = '018f3c7a-9f2e-7cc1-b302-5e9d4a6b21c7';

  it('recognises the hyphenated form in either case', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses everything else', () => {
    for (const bad of [
      '',
      'not-a-uuid',
      id.slice(1),
      `${id}0`,
      id.replace(/-/g, ''),
      `{${id}}`,
      id.replace('a', 'g'),
      ` ${id}`,
    ]) {
      expect(isUuid(bad)).toBe(false);
    }
    expect(isUuid(42)).toBe(false);
    expect(isUuid(null)).toBe(false);
  });

  it('reads the forms desktop VMark reads and answers the lowercase hyphenated form', () => {
    expect(parseUuid(id)).toBe(id);
    expect(parseUuid(id.toUpperCase())).toBe(id);
    expect(parseUuid(id.replace(/-/g, ''))).toBe(id);
    expect(parseUuid(`{${id}}`)).toBe(id);
    expect(parseUuid(`urn:uuid:${id}`)).toBe(id);
  });

  it('answers null for what is not a UUID', () => {
    expect(parseUuid('"' + id + '"')).toBeNull();
    expect(parseUuid(`{${id.replace(/-/g, '')}}`)).toBeNull();
    expect(parseUuid('xyz')).toBeNull();
    expect(parseUuid('')).toBeNull();
  });

  it('tells the version of a UUID', () => {
    expect(uuidVersion(id)).toBe(7);
    expect(uuidVersion('6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(1);
    expect(uuidVersion('nope')).toBeNull();
    expect(uuid7Time('6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBeNull();
  });
});
