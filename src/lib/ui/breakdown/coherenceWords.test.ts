import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.svelte';
import { timeLocale } from '../../i18n/locales';
import { aroundTime, edgeStateText, said, scopeText, valueText } from './coherenceWords';

afterEach(() => {
  i18n.setting = 'en';
});

describe('the Breakdown view’s words', () => {
  it('says states, maturities and enforcements in English as before', () => {
    i18n.setting = 'en';
    expect(edgeStateText('version-stale')).toBe('source changed');
    expect(edgeStateText('diverged-multi-head')).toBe('source has several versions');
    expect(valueText('established')).toBe('established');
    expect(valueText('enforcing')).toBe('enforcing');
  });

  it('translates them by value, and shows a value it does not know as it is', () => {
    i18n.setting = 'ko';
    expect(edgeStateText('version-stale')).toBe('원본 변경됨');
    expect(valueText('draft')).toBe('초안');
    expect(edgeStateText('some-new-state')).toBe('some-new-state');
    i18n.setting = 'fr';
    expect(valueText('greenhouse')).toBe('serre');
    expect(valueText('retired-someday')).toBe('retired-someday');
  });

  it('lists what a delegation allows as a phrase of the language', () => {
    i18n.setting = 'en';
    expect(scopeText(['resolve.waive'])).toBe('waive');
    expect(scopeText(['resolve.accept-newer', 'resolve.waive'])).toBe('accept newer and waive');
    i18n.setting = 'fr';
    expect(scopeText(['resolve.accept-newer', 'resolve.waive'])).toBe(
      'accepter la nouvelle version et tolérer les écarts',
    );
    expect(scopeText(['resolve.other'])).toBe('resolve.other');
  });

  it('words the panel’s own sentences at display, and the core’s as written', () => {
    const why = { key: 'coherenceRecord.needSave', params: { path: '/notes/a.md' } } as const;
    i18n.setting = 'en';
    expect(said(why)).toBe('Save /notes/a.md first: a claim cites the saved version.');
    i18n.setting = 'zh-Hant';
    expect(said(why)).toBe('請先儲存 /notes/a.md：主張引用的是已儲存的版本。');
    expect(said('"my book" is not a context name.')).toBe('"my book" is not a context name.');
  });

  it('splits a sentence around the time the markup draws', () => {
    i18n.setting = 'en';
    expect(aroundTime('coherenceRecord.mayUntil', { what: 'waive' })).toEqual([
      'may waive · until ',
      '',
    ]);
    i18n.setting = 'ko';
    expect(aroundTime('coherenceRecord.mayUntil', { what: '면제' })).toEqual([
      '면제 가능 · ',
      '까지',
    ]);
  });

  it('writes dates in the UI language, with the browser’s own tag for it', () => {
    expect(timeLocale('en', ['en-GB', 'ko-KR'])).toBe('en-GB');
    expect(timeLocale('ko', ['en-GB', 'ko-KR'])).toBe('ko-KR');
    expect(timeLocale('fr', ['de-DE'])).toBe('fr');
    expect(timeLocale('zh-Hant', ['zh-TW'])).toBe('zh-TW');
  });
});
