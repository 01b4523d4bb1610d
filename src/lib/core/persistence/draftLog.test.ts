import { describe, expect, it } from 'vitest';
import { applySplices, type Splice } from '../store/textEdit';
import { LF_FORMAT } from '../store/docState';
import {
  DraftPlan,
  MAX_STEPS,
  editKey,
  readDraft,
  type DraftEdits,
  type DraftWrite,
} from './draftLog';
import type { Draft } from './db';

const draft = (text: string, extra: Partial<Draft> = {}): Draft => ({
  tabId: 't1',
  path: '/notes/a.md',
  kind: 'markdown',
  text,
  format: LF_FORMAT,
  savedAt: 1,
  ...extra,
});

/** A plan fed a person's typing, and what it writes (taken after each change, or at the end). */
class Typist {
  readonly plan = new DraftPlan('t1');
  readonly writes: DraftWrite[] = [];
  constructor(public text: string) {
    this.plan.record(draft(text));
  }
  type(splices: Splice[], takeNow = true): void {
    this.text = applySplices(this.text, splices);
    this.plan.record(draft(this.text), splices);
    if (takeNow) this.take();
  }
  take(): void {
    const w = this.plan.take();
    if (w) this.writes.push(w);
  }
  /** What the store would hold: the last base and the edits written after it. */
  stored(): { base: Draft; edits: DraftEdits[] } {
    let base: Draft | null = null;
    let edits: DraftEdits[] = [];
    for (const w of this.writes) {
      if (w.kind === 'base') {
        base = w.draft;
        edits = [];
      } else if (w.kind === 'edits') edits.push(w.record);
      else {
        base = null;
        edits = [];
      }
    }
    if (!base) throw new Error('no base stored');
    return { base, edits };
  }
}

describe('what the journal writes for a tab as the person types', () => {
  it('writes the whole text once, then only the splices of each keystroke', () => {
    const big = 'x'.repeat(1_000_000);
    const t = new Typist(big);
    t.take();
    for (let i = 0; i < 20; i++) t.type([{ from: 500 + i, to: 500 + i, insert: 'a' }]);
    expect(t.writes.map((w) => w.kind)).toEqual(['base', ...Array(20).fill('edits')]);
    const edits = t.writes.slice(1) as Extract<DraftWrite, { kind: 'edits' }>[];
    expect(edits.map((w) => w.record.seq)).toEqual([...Array(20).keys()].map((i) => i + 1));
    expect(edits[0].record.tabId).toBe(editKey('t1', 1));
    expect(JSON.stringify(edits[5].record).length).toBeLessThan(200);
    const { base, edits: stored } = t.stored();
    expect(readDraft(base, stored)).toEqual({ draft: draft(t.text), complete: true });
  });

  it('puts the keystrokes made while a write is under way into one record, in order', () => {
    const t = new Typist('Hello');
    t.take();
    t.type([{ from: 5, to: 5, insert: ' w' }], false);
    t.type([{ from: 7, to: 7, insert: 'orld' }], false);
    t.type([{ from: 0, to: 1, insert: 'J' }], false);
    t.take();
    expect(t.writes).toHaveLength(2);
    const w = t.writes[1] as Extract<DraftWrite, { kind: 'edits' }>;
    expect(w.record.steps).toEqual([
      [{ from: 5, to: 5, insert: ' w' }],
      [{ from: 7, to: 7, insert: 'orld' }],
      [{ from: 0, to: 1, insert: 'J' }],
    ]);
    expect(readDraft(t.stored().base, t.stored().edits).draft.text).toBe('Jello world');
  });

  it('gives a base that waits the newest text instead of adding edits after it', () => {
    const t = new Typist('one');
    t.type([{ from: 3, to: 3, insert: ' two' }], false);
    t.take();
    expect(t.writes).toEqual([{ kind: 'base', draft: draft('one two') }]);
  });

  it('writes a new base for a change without splices, a moved file, a new line format or splices that do not lead to the text', () => {
    const t = new Typist('abc');
    t.take();
    t.plan.record(draft('abcd'));
    t.take();
    t.plan.record(draft('abcde', { path: '/notes/b.md' }), [{ from: 4, to: 4, insert: 'e' }]);
    t.take();
    const crlf = { ...LF_FORMAT, eol: 'crlf' as const };
    t.plan.record(draft('abcdef', { path: '/notes/b.md', format: crlf }), [
      { from: 5, to: 5, insert: 'f' },
    ]);
    t.take();
    // Two characters longer, but the splice says one: not trusted.
    t.plan.record(draft('abcdefgh', { path: '/notes/b.md', format: crlf }), [
      { from: 6, to: 6, insert: 'g' },
    ]);
    t.take();
    expect(t.writes.map((w) => w.kind)).toEqual(['base', 'base', 'base', 'base', 'base']);
  });

  it('starts a new base after MAX_STEPS steps, so reading back never has more to apply', () => {
    const t = new Typist('');
    t.take();
    for (let i = 0; i < MAX_STEPS + 3; i++) t.type([{ from: i, to: i, insert: 'y' }]);
    const kinds = t.writes.map((w) => w.kind);
    expect(kinds.filter((k) => k === 'base')).toHaveLength(2);
    expect(kinds[MAX_STEPS + 1]).toBe('base');
    const { base, edits } = t.stored();
    expect(edits).toHaveLength(2);
    expect(readDraft(base, edits).draft.text).toBe('y'.repeat(MAX_STEPS + 3));
  });

  it('forgets a tab that turned clean, and starts again from a base when it changes again', () => {
    const t = new Typist('a');
    t.take();
    t.plan.record(null);
    t.take();
    expect(t.plan.idle).toBe(true);
    t.plan.record(draft('ab'), [{ from: 1, to: 1, insert: 'b' }]);
    t.take();
    expect(t.writes.map((w) => w.kind)).toEqual(['base', 'forget', 'base']);
  });

  it('after a failed write, writes a base next, and turns edits waiting meanwhile into one', () => {
    const t = new Typist('a');
    t.take();
    t.type([{ from: 1, to: 1, insert: 'b' }]);
    t.plan.failed();
    t.type([{ from: 2, to: 2, insert: 'c' }]);
    expect(t.writes.at(-1)).toEqual({ kind: 'base', draft: draft('abc') });

    t.type([{ from: 3, to: 3, insert: 'd' }], false);
    t.plan.failed();
    t.take();
    expect(t.writes.at(-1)).toEqual({ kind: 'base', draft: draft('abcd') });
    // Nothing waits after a failure with nothing pending: no retry loop.
    t.plan.failed();
    expect(t.plan.take()).toBeNull();
  });

  it('reads back random edits exactly, whatever order the records come in', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const t = new Typist('start of a note\n'.repeat(50));
    t.take();
    for (let i = 0; i < 400; i++) {
      const from = rand(t.text.length + 1);
      const to = Math.min(t.text.length, from + rand(4));
      const second = Math.min(t.text.length, to + 1 + rand(10));
      const splices: Splice[] = [{ from, to, insert: ['é', '한', '\r\n', 'ab', ''][rand(5)] }];
      if (rand(3) === 0 && second >= to + 1 && second <= t.text.length)
        splices.push({ from: second, to: second, insert: 'z' });
      t.type(splices, rand(3) === 0);
    }
    t.take();
    const { base, edits } = t.stored();
    expect(readDraft(base, [...edits].reverse()).draft.text).toBe(t.text);
  });

  it('stops reading at a record that does not fit, keeping the text before it', () => {
    const base = draft('abc');
    const ok: DraftEdits = {
      tabId: editKey('t1', 1),
      of: 't1',
      seq: 1,
      steps: [[{ from: 3, to: 3, insert: 'd' }]],
      length: 4,
      savedAt: 5,
    };
    const bad: DraftEdits = {
      ...ok,
      tabId: editKey('t1', 2),
      seq: 2,
      steps: [[{ from: 9, to: 9, insert: 'e' }]],
      length: 5,
    };
    const wrongLength: DraftEdits = { ...ok, tabId: editKey('t1', 2), seq: 2, length: 9 };
    expect(readDraft(base, [ok, bad])).toEqual({
      draft: { ...draft('abcd'), savedAt: 5 },
      complete: false,
    });
    expect(readDraft(base, [ok, wrongLength]).complete).toBe(false);
    expect(readDraft(base, [ok, wrongLength]).draft.text).toBe('abcd');
  });
});
