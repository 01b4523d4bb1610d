import { describe, expect, it } from 'vitest';
import {
  isCjkCloser,
  isCjkPunctuation,
  isHanKana,
  isHangul,
  isLatinLetter,
  isLatinWordChar,
} from './chars';

describe('character classes', () => {
  it.each(['中', '文', '々', '〇', 'あ', 'ア', 'ー', 'ｱ', 'ㄅ', '𠀀', '丽'])(
    '%s is Han or Kana',
    (ch) => {
      expect(isHanKana(ch)).toBe(true);
      expect(isHangul(ch)).toBe(false);
    },
  );

  it.each(['한', 'ㄱ', 'ᄀ'])('%s is Hangul, not Han or Kana', (ch) => {
    expect(isHangul(ch)).toBe(true);
    expect(isHanKana(ch)).toBe(false);
  });

  it.each(['，', '。', '、', '「', '」', '（', '）', '・', '—', '…', '！'])(
    '%s is CJK punctuation',
    (ch) => {
      expect(isCjkPunctuation(ch)).toBe(true);
      expect(isHanKana(ch)).toBe(false);
    },
  );

  it.each(['Ａ', '１', 'a', ',', '中', undefined])('%s is not CJK punctuation', (ch) => {
    expect(isCjkPunctuation(ch)).toBe(false);
  });

  it.each([
    ['a', true],
    ['Z', true],
    ['é', true],
    ['ß', true],
    ['Ａ', false],
    ['α', false],
    ['д', false],
    ['1', false],
    [undefined, false],
  ])('%s is a Latin letter: %s', (ch, expected) => {
    expect(isLatinLetter(ch)).toBe(expected);
  });

  it('counts ASCII digits, not full-width ones, as Latin word characters', () => {
    expect(isLatinWordChar('7')).toBe(true);
    expect(isLatinWordChar('７')).toBe(false);
  });

  it('knows the CJK closing brackets', () => {
    expect(['）', '」', '』', '】', '》'].every(isCjkCloser)).toBe(true);
    expect(['（', '「', ')', '。'].some(isCjkCloser)).toBe(false);
  });
});
