import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../i18n/locales';
import { SLOT, aroundSlot } from './slot';

describe('aroundSlot', () => {
  it('splits a filled message where the element goes, in any word order', () => {
    expect(aroundSlot(formatMessage('It asked for {path}. Allow?', 'en', { path: SLOT }))).toEqual([
      'It asked for ',
      '. Allow?',
    ]);
    expect(aroundSlot(formatMessage('{path} 폴더를 요청했습니다.', 'ko', { path: SLOT }))).toEqual([
      '',
      ' 폴더를 요청했습니다.',
    ]);
  });

  it('keeps a message without the slot whole', () => {
    expect(aroundSlot('No element here')).toEqual(['No element here', '']);
  });
});
