import { describe, expect, it } from 'vitest';
import { compareTime, formatEntry, isKind, parseLine, parseTime, rfc3339 } from './envelope';
import type { LedgerEntry } from './envelope';

const DIAGNOSTIC =
  '{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a01","kind":"diagnostic","time":"2026-12-03T16:06:00.000Z","writer":"0193a1b2-0000-7000-8000-00000000000a","idem":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1b01","body":{"code":"duplicate-id","message":"two files carry one id","path":"a.md"}}';

const TRANSFORMATION =
  '{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a02","kind":"transformation","time":"2026-12-03T16:07:00.000Z","writer":"0193a1b2-0000-7000-8000-00000000000a","idem":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1b02","body":{"inputs":[],"outputs":[{"object":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1c01","revision":"rev1:718593b8aaccb1613cb31899b20304b1b41cd9fc901b92a21f38a765760bce7f","content_hash":"sha256:e59856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221","parents":[]}],"agent":{"type":"human"},"intent":{"kind":"editor-save","summary":""},"confidence":"exact"}}';

/** A valid diagnostic line with one envelope field replaced. */
function envelopeWith(field: string, value: unknown): string {
  const record = JSON.parse(DIAGNOSTIC);
  if (value === undefined) delete record[field];
  else record[field] = value;
  return JSON.stringify(record);
}

describe('a ledger line', () => {
  it('reads as its record when well formed', () => {
    const parsed = parseLine(DIAGNOSTIC);
    expect(parsed).toEqual({ ok: true, entry: JSON.parse(DIAGNOSTIC) });
    const txf = parseLine(TRANSFORMATION);
    expect(
      txf.ok && isKind(txf.entry, 'transformation') && txf.entry.body.outputs[0].parents,
    ).toEqual([]);
  });

  it('is rejected with a reason when it is not JSON, or not an object', () => {
    expect(parseLine('{"format":0,"id":')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parseLine('garbage')).toEqual({ ok: false, reason: 'not JSON' });
    expect(parseLine('[1,2]')).toEqual({ ok: false, reason: 'not a JSON object' });
    expect(parseLine('null')).toEqual({ ok: false, reason: 'not a JSON object' });
  });

  it.each([
    ['format', undefined, 'format is not a non-negative integer'],
    ['format', '0', 'format is not a non-negative integer'],
    ['format', -1, 'format is not a non-negative integer'],
    ['format', 0.5, 'format is not a non-negative integer'],
    ['id', 'abc', 'id is not a UUID'],
    ['id', undefined, 'id is not a UUID'],
    ['writer', '0193a1b2c3d47e5f8a6b7c8d9e0f1a01', 'writer is not a UUID'],
    ['idem', 7, 'idem is not a UUID'],
    ['kind', 3, 'kind is not a string'],
    ['kind', '', 'kind is not a string'],
    ['time', '2026-12-03 noon', 'time is not an RFC 3339 timestamp'],
    ['time', '2026-02-30T10:00:00Z', 'time is not an RFC 3339 timestamp'],
    ['time', '2026-12-03T16:06:00', 'time is not an RFC 3339 timestamp'],
    ['time', 1733241960000, 'time is not an RFC 3339 timestamp'],
    ['body', [], 'body is not an object'],
    ['body', undefined, 'body is not an object'],
  ])('is rejected when its envelope %s is %j', (field, value, reason) => {
    expect(parseLine(envelopeWith(field, value))).toEqual({ ok: false, reason });
  });

  it('names the kind and field when a known kind fails its typed validation', () => {
    const noOutputs = TRANSFORMATION.replace(/"outputs":\[.*\],"agent"/, '"outputs":[],"agent"');
    expect(parseLine(noOutputs)).toEqual({
      ok: false,
      reason: 'transformation: body.outputs is empty',
    });
  });

  it('of a newer format is set aside as future, whatever else it holds', () => {
    expect(parseLine('{"format":1}')).toEqual({ future: true });
    expect(parseLine(envelopeWith('format', 7))).toEqual({ future: true });
  });

  it('of an unknown kind is kept exactly as written', () => {
    const line =
      '{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a03","kind":"group-prepare","time":"2026-12-03T16:08:00.000Z","writer":"0193a1b2-0000-7000-8000-00000000000a","idem":"0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1b03","body":{"group":"g1","members":[1,2],"note":null},"extra":true}';
    const parsed = parseLine(line);
    expect(parsed).toEqual({ ok: true, entry: JSON.parse(line) });
  });

  it('tolerates a CR before its newline (a file checked out with CRLF)', () => {
    expect(parseLine(`${DIAGNOSTIC}\r`)).toMatchObject({ ok: true });
  });
});

describe('formatEntry', () => {
  it('writes one line of JSON ending in a newline, envelope fields in the format order', () => {
    const entry = parseLine(DIAGNOSTIC);
    if (!entry.ok) throw new Error('fixture');
    expect(formatEntry(entry.entry)).toBe(`${DIAGNOSTIC}\n`);
  });

  it('never puts a raw newline inside the line, whatever the body holds', () => {
    const entry = {
      ...JSON.parse(DIAGNOSTIC),
      body: { code: 'x', message: 'one\ntwo\r\nthree\u2028four' },
    } as LedgerEntry;
    const line = formatEntry(entry);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(line).not.toContain('\r');
    const back = parseLine(line.slice(0, -1));
    expect(back.ok && back.entry.body).toEqual({
      code: 'x',
      message: 'one\ntwo\r\nthree\u2028four',
    });
  });
});

describe('times', () => {
  it('rfc3339 writes UTC with milliseconds and Z', () => {
    expect(rfc3339(Date.UTC(2026, 11, 3, 16, 6, 0, 7))).toBe('2026-12-03T16:06:00.007Z');
    expect(rfc3339(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('parse any RFC 3339 offset and precision to one instant', () => {
    const z = parseTime('2026-12-03T16:06:00.000Z');
    expect(z).toEqual({ ms: Date.UTC(2026, 11, 3, 16, 6), subNanos: 0 });
    expect(parseTime('2026-12-03T17:06:00+01:00')).toEqual(z);
    expect(parseTime('2026-12-03t15:36:00.000-00:30')).toEqual(z);
    expect(parseTime('2026-12-03T16:06:00.000000500Z')).toEqual({ ms: z!.ms, subNanos: 500 });
    expect(parseTime('2024-02-29T00:00:00Z')).not.toBeNull();
    expect(parseTime('2023-02-29T00:00:00Z')).toBeNull();
    expect(parseTime('0050-01-01T00:00:00Z')!.ms).toBe(Date.parse('0050-01-01T00:00:00Z'));
  });

  it('order by instant, below the millisecond too', () => {
    const a = parseTime('2026-12-03T16:06:00.0000001Z')!;
    const b = parseTime('2026-12-03T16:06:00.0000002Z')!;
    const c = parseTime('2026-12-03T17:06:00.0000002+01:00')!;
    expect(compareTime(a, b)).toBeLessThan(0);
    expect(compareTime(b, a)).toBeGreaterThan(0);
    expect(compareTime(b, c)).toBe(0);
  });
});
