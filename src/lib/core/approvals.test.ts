import { describe, expect, it } from 'vitest';
import { Approvals } from './approvals';

describe('approvals', () => {
  it('asks once per subject while the question is open, and a grant is used once', () => {
    const a = new Approvals();
    const first = a.ask('open_workspace', '/home/me/site', 'main', 'Claude Code');
    expect(a.ask('open_workspace', '/home/me/site', 'main', 'Claude Code')).toBe(first);
    expect(a.consume('open_workspace', '/home/me/site')).toBeNull();
    a.answer(first.id, 'site');
    expect(a.pending).toEqual([]);
    expect(a.consume('open_workspace', '/home/me/site')).toBe('site');
    expect(a.consume('open_workspace', '/home/me/site')).toBeNull();
  });

  it('a denial grants nothing; asking again opens a new question', () => {
    const a = new Approvals();
    const q = a.ask('open_workspace', 'docs', 'main', 'Cursor');
    a.answer(q.id, null);
    expect(a.consume('open_workspace', 'docs')).toBeNull();
    const again = a.ask('open_workspace', 'docs', 'main', 'Cursor');
    expect(again.id).not.toBe(q.id);
  });

  it('a grant for one folder does not open another', () => {
    const a = new Approvals();
    a.answer(a.ask('open_workspace', 'a', 'main', 'x').id, 'a');
    expect(a.consume('open_workspace', 'b')).toBeNull();
  });
});
