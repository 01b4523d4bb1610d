import { describe, expect, it } from 'vitest';
import { formatMessage, pickLocale, placeholders, resolveLocale } from './locales';

describe('pickLocale', () => {
  it('takes the first preferred language the UI speaks', () => {
    expect(pickLocale(['ko-KR', 'en-US'])).toBe('ko');
    expect(pickLocale(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(pickLocale(['en-GB', 'ko'])).toBe('en');
  });

  it('gives Traditional Chinese to every Chinese tag', () => {
    for (const tag of ['zh-TW', 'zh-Hant-HK', 'zh-CN', 'zh', 'zh_Hans']) {
      expect(pickLocale([tag])).toBe('zh-Hant');
    }
  });

  it('falls back to English', () => {
    expect(pickLocale([])).toBe('en');
    expect(pickLocale(['ja-JP', 'de'])).toBe('en');
  });

  it('lets the setting override the browser', () => {
    expect(resolveLocale('fr', ['ko-KR'])).toBe('fr');
    expect(resolveLocale('auto', ['ko-KR'])).toBe('ko');
  });
});

describe('formatMessage', () => {
  it('fills placeholders and writes numbers the locale way', () => {
    expect(formatMessage('{n} of {total}', 'en', { n: 3, total: 12000 })).toBe('3 of 12,000');
    expect(formatMessage('{total}', 'fr', { total: 12000 })).toBe('12\u202f000');
    expect(formatMessage('in {path}', 'en', { path: 'a/{b}.md' })).toBe('in a/{b}.md');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(formatMessage('Saved {path}', 'en', {})).toBe('Saved {path}');
  });

  it('picks the plural form of the count', () => {
    const words = { one: '{count} word', other: '{count} words' };
    expect(formatMessage(words, 'en', { count: 1 })).toBe('1 word');
    expect(formatMessage(words, 'en', { count: 0 })).toBe('0 words');
    const mots = { one: '{count} mot', other: '{count} mots' };
    expect(formatMessage(mots, 'fr', { count: 0 })).toBe('0 mot');
    expect(formatMessage(mots, 'fr', { count: 2 })).toBe('2 mots');
    expect(formatMessage({ other: '단어 {count}개' }, 'ko', { count: 1 })).toBe('단어 1개');
  });

  it('lists placeholders once each', () => {
    expect(placeholders('{a} and {b}, {a}')).toEqual(['a', 'b']);
    expect(placeholders('none')).toEqual([]);
  });
});
