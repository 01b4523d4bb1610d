import { describe, expect, it } from 'vitest';
import { noteRecords, recordMatters, unwatched, type WatchRecord } from './workspaceWatch';

const rec = (type: WatchRecord['type'], path: string, kind: WatchRecord['kind'] = 'file') => ({
  type,
  path: path === '' ? [] : path.split('/'),
  kind,
});

describe('which reported changes matter to the scan', () => {
  it('markdown files, folders, cache tags and anything it cannot describe', () => {
    expect(recordMatters(rec('modified', 'lore/elena.md'))).toBe(true);
    expect(recordMatters(rec('appeared', 'NOTES.MD'))).toBe(true);
    expect(recordMatters(rec('appeared', 'lore', 'directory'))).toBe(true);
    expect(recordMatters(rec('appeared', 'build/CACHEDIR.TAG'))).toBe(true);
    expect(recordMatters(rec('disappeared', 'lore', null))).toBe(true);
    expect(recordMatters(rec('unknown', '', null))).toBe(true);
    expect(recordMatters(rec('errored', '', null))).toBe(true);
  });

  it('not the record itself, ignored folders, or other kinds of files', () => {
    expect(recordMatters(rec('modified', '.vmark/ledger/w.jsonl'))).toBe(false);
    expect(recordMatters(rec('appeared', '.vmark', 'directory'))).toBe(false);
    expect(recordMatters(rec('modified', 'node_modules/x/readme.md'))).toBe(false);
    expect(recordMatters(rec('modified', '.claude/worktrees/a/b.md'))).toBe(false);
    expect(recordMatters(rec('modified', 'images/cover.png'))).toBe(false);
    expect(recordMatters(rec('disappeared', 'images/cover.png', null))).toBe(false);
  });

  it('a move matters when either end does', () => {
    const moved = {
      type: 'moved' as const,
      path: ['notes.txt'],
      movedFrom: ['notes.md'],
      kind: 'file' as const,
    };
    expect(recordMatters(moved)).toBe(true);
    expect(recordMatters({ ...moved, movedFrom: ['a.txt'] })).toBe(false);
  });

  it('notes a markdown file modified in place alone, and anything else as a change', () => {
    const state = { ...unwatched(), live: true, changed: false };
    noteRecords(state, [rec('modified', '.vmark/ledger/w.jsonl')]);
    expect(state).toMatchObject({ live: true, changed: false });
    noteRecords(state, [rec('modified', 'notes/a.md')]);
    expect(state).toMatchObject({ live: true, changed: false });
    expect([...state.touched]).toEqual(['notes/a.md']);
    noteRecords(state, [rec('appeared', 'b.md')]);
    expect(state).toMatchObject({ live: true, changed: true });
    noteRecords(state, [rec('errored', '', null)]);
    expect(state.live).toBe(false);
  });
});
