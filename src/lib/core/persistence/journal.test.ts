import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createDocState } from '../store/docState';
import { LF_FORMAT } from '../store/documentStore';
import { applySplices } from '../store/textEdit';
import { openCoreDb } from './db';
import { draftOf, Journal } from './journal';

describe('the draft the journal keeps of a tab', () => {
  const doc = (text: string, savedText: string) =>
    createDocState('tab-1', 'main', null, {
      path: '/notes/a.md',
      kind: 'markdown',
      text,
      savedText,
      format: LF_FORMAT,
    });

  it('is nothing for a clean tab', () => {
    expect(draftOf(doc('# A\n', '# A\n'))).toBeNull();
  });

  it('is the unsaved text, with where it goes and how it is written', () => {
    expect(draftOf(doc('# A!\n', '# A\n'), 1_700_000_000_000)).toEqual({
      tabId: 'tab-1',
      path: '/notes/a.md',
      kind: 'markdown',
      text: '# A!\n',
      format: LF_FORMAT,
      savedAt: 1_700_000_000_000,
    });
  });
});

describe('the journal in IndexedDB', () => {
  let n = 0;
  const open = () => openCoreDb(`journal-test-${++n}`);
  const dirty = (text: string) => ({
    tabId: 'tab-1',
    path: '/notes/a.md',
    kind: 'markdown' as const,
    text,
    format: LF_FORMAT,
    savedAt: 1,
  });

  it('gives back the exact unsaved text of a big note typed into, having written it whole once', async () => {
    const db = await open();
    const journal = new Journal(db);
    let text = 'word '.repeat(200_000);
    journal.record('tab-1', dirty(text));
    for (let i = 0; i < 60; i++) {
      const splices = [{ from: 10 + i, to: 10 + i, insert: 'k' }];
      text = applySplices(text, splices);
      journal.record('tab-1', dirty(text), splices);
      if (i % 7 === 0) await new Promise((r) => setTimeout(r, 0));
    }
    await vi.waitFor(async () => expect((await journal.all())[0]?.text).toBe(text));
    const records = await db.getAll('drafts');
    // One base of the whole text; every other record is a few keystrokes.
    expect(records.filter((r) => !('steps' in r))).toHaveLength(1);
    expect(records.length).toBeGreaterThan(1);
    for (const r of records) if ('steps' in r) expect(JSON.stringify(r).length).toBeLessThan(4000);
    // A new journal (the next session) reads the same text back.
    expect((await new Journal(db).all()).map((d) => d.text)).toEqual([text]);
  });

  it('replaces the edits with a new base, and forgets both when the tab turns clean', async () => {
    const db = await open();
    const journal = new Journal(db);
    journal.record('tab-1', dirty('a'));
    journal.record('tab-2', { ...dirty('other'), tabId: 'tab-2' });
    await vi.waitFor(async () => expect(await db.count('drafts')).toBe(2));
    journal.record('tab-1', dirty('ab'), [{ from: 1, to: 1, insert: 'b' }]);
    await vi.waitFor(async () => expect(await db.count('drafts')).toBe(3));
    journal.record('tab-1', dirty('abc'));
    await vi.waitFor(async () => expect(await db.getAllKeys('drafts')).toEqual(['tab-1', 'tab-2']));
    expect((await journal.all()).map((d) => d.text)).toEqual(['abc', 'other']);
    journal.record('tab-1', dirty('abcd'), [{ from: 3, to: 3, insert: 'd' }]);
    journal.record('tab-1', null);
    await vi.waitFor(async () => expect(await db.getAllKeys('drafts')).toEqual(['tab-2']));
  });

  it('forgets edits whose base is gone', async () => {
    const db = await open();
    await db.put('drafts', {
      tabId: `tab-9\u00001`,
      of: 'tab-9',
      seq: 1,
      steps: [[{ from: 0, to: 0, insert: 'x' }]],
      length: 1,
      savedAt: 1,
    });
    expect(await new Journal(db).all()).toEqual([]);
    await vi.waitFor(async () => expect(await db.count('drafts')).toBe(0));
  });
});
