import { describe, expect, it } from 'vitest';
import { createDocState } from '../store/docState';
import { LF_FORMAT } from '../store/documentStore';
import { draftOf } from './journal';

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
