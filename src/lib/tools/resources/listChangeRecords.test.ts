import { describe, expect, it } from 'vitest';
import { changesDocumentList, type TreeRecord } from './listChangeRecords';

const rec = (
  type: TreeRecord['type'],
  path: string,
  kind: TreeRecord['kind'] = 'file',
  movedFrom?: string,
): TreeRecord => ({
  type,
  path: path.split('/'),
  kind,
  ...(movedFrom ? { movedFrom: movedFrom.split('/') } : {}),
});

describe('changesDocumentList', () => {
  it('counts a document or a folder that appears, disappears or moves', () => {
    expect(changesDocumentList([rec('appeared', 'drafts/new.md')])).toBe(true);
    expect(changesDocumentList([rec('disappeared', 'old.markdown', null)])).toBe(true);
    expect(changesDocumentList([rec('moved', 'b.md', 'file', 'a.md')])).toBe(true);
    expect(changesDocumentList([rec('appeared', 'chapters', 'directory')])).toBe(true);
    expect(changesDocumentList([rec('disappeared', 'chapters', null)])).toBe(true);
    expect(changesDocumentList([rec('appeared', '.github/workflows/ci.yml')])).toBe(true);
  });

  it('does not count content changes, other files, swap files or ignored folders', () => {
    expect(changesDocumentList([rec('modified', 'note.md')])).toBe(false);
    expect(changesDocumentList([rec('appeared', 'note.md.crswap')])).toBe(false);
    expect(changesDocumentList([rec('moved', 'note.md.crswap', 'file', 'x.crswap')])).toBe(false);
    expect(changesDocumentList([rec('appeared', 'picture.png')])).toBe(false);
    expect(changesDocumentList([rec('appeared', 'config.yml')])).toBe(false);
    expect(changesDocumentList([rec('appeared', '.vmark/ledger/0001.jsonl')])).toBe(false);
    expect(changesDocumentList([rec('appeared', 'node_modules/pkg/README.md')])).toBe(false);
    expect(changesDocumentList([rec('appeared', '.git', 'directory')])).toBe(false);
    expect(changesDocumentList([])).toBe(false);
  });

  it('counts what the browser could not describe', () => {
    expect(changesDocumentList([rec('unknown', '')])).toBe(true);
    expect(changesDocumentList([rec('modified', 'a.md'), rec('errored', '')])).toBe(true);
  });

  it('counts a document moved out to a name that is not one', () => {
    expect(changesDocumentList([rec('moved', 'a.txt', 'file', 'a.md')])).toBe(true);
  });
});
