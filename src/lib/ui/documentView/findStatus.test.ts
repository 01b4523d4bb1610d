import { afterEach, describe, expect, it } from 'vitest';
import { findController, NOTHING, READ_ONLY, type FindState } from '../../editors/findTarget';
import { i18n } from '../../i18n/i18n.svelte';
import { compileQuery, type FindQuery } from '../../text/findMatches';
import { findErrorText, findStatusText } from './findStatus';

const query = (text: string, regex = false): FindQuery => ({
  text,
  caseSensitive: false,
  wholeWord: false,
  regex,
});

const refusal = (q: FindQuery) => {
  const compiled = compileQuery(q);
  if (compiled instanceof RegExp) throw new Error('compiled');
  return compiled.error;
};

const at = (current: number, count: number, capped = false): FindState => ({
  count,
  current,
  capped,
});

/** A read-only text, to get the editors' refusal to replace. */
function readOnlyRefusal(): string {
  const target = findController({
    pieces: () => [{ text: 'one two one', at: 0 }],
    cursor: () => 0,
    paint: () => {},
    editable: () => false,
    replace: () => {},
  });
  target.search(query('one'));
  return target.replaceAll('x').error ?? '';
}

afterEach(() => {
  i18n.setting = 'auto';
});

describe('the find status', () => {
  it('says in English what it always said', () => {
    i18n.setting = 'en';
    expect(findStatusText(at(0, 1), 'text', null)).toBe('1 of 1');
    expect(findStatusText(at(2, 12), 'text', null)).toBe('3 of 12');
    expect(findStatusText(NOTHING, 'text', null)).toBe('No matches');
    expect(findStatusText(NOTHING, 'text', 1)).toBe('Replaced 1 match.');
    expect(findStatusText(NOTHING, 'text', 2)).toBe('Replaced 2 matches.');
    expect(findStatusText(at(0, 3), '', null)).toBe('');
    expect(findStatusText(null, 'text', null)).toBe('');
    expect(findErrorText(refusal(query('')))).toBe('Type something to find.');
    expect(findErrorText(READ_ONLY)).toBe('This document is read-only.');
    expect(readOnlyRefusal()).toBe(READ_ONLY);
    const broken = refusal(query('a(b', true));
    expect(findStatusText({ ...NOTHING, error: broken }, 'a(b', null)).toBe(broken);
  });

  it('words counts and refusals in the UI language, the regex engine’s reason as it is', () => {
    i18n.setting = 'ko';
    expect(findStatusText(at(2, 12), 'text', null)).toBe('12개 중 3');
    expect(findStatusText(NOTHING, 'text', null)).toBe('결과 없음');
    expect(findStatusText(NOTHING, 'text', 4)).toBe('4개 항목을 바꿨습니다.');
    const broken = refusal(query('a(b', true));
    const why = broken.slice(broken.indexOf(': ') + 2);
    expect(why).not.toBe('');
    expect(findErrorText(broken)).toBe(`올바른 정규식이 아닙니다: ${why}`);
    expect(findErrorText(readOnlyRefusal())).toBe('이 문서는 읽기 전용입니다.');

    i18n.setting = 'fr';
    expect(findStatusText(at(0, 10_000, true), 'e', null)).toBe('1 sur 10\u202f000+');
    expect(findStatusText(NOTHING, 'e', 1)).toBe('1 occurrence remplacée.');
    expect(findStatusText(NOTHING, 'e', 3)).toBe('3 occurrences remplacées.');

    i18n.setting = 'zh-Hant';
    expect(findStatusText(at(0, 2), 'text', null)).toBe('第 1 項，共 2 項');
    expect(findErrorText(refusal(query('')))).toBe('請輸入要尋找的內容。');
  });

  it('shows a refusal it does not know as it was written', () => {
    i18n.setting = 'ko';
    expect(findErrorText('Something else.')).toBe('Something else.');
  });
});
