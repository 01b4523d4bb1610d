import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CJK_FORMAT_RULES,
  DEFAULT_CJK_FORMAT_SETTINGS,
  parseCjkFormatSettings,
  type CjkFormatSettings,
} from './settings';

describe('CJK_FORMAT_RULES', () => {
  it('describes every setting once, with a label and a description', () => {
    const keys = CJK_FORMAT_RULES.map((rule) => rule.key);
    expect([...keys].sort()).toEqual(Object.keys(DEFAULT_CJK_FORMAT_SETTINGS).sort());
    for (const rule of CJK_FORMAT_RULES) {
      expect(rule.label.length).toBeGreaterThan(0);
      expect(rule.description.length).toBeGreaterThan(0);
    }
  });

  it('lists the default among the choices of every choice setting', () => {
    for (const { key, choices } of CJK_FORMAT_RULES) {
      const value = DEFAULT_CJK_FORMAT_SETTINGS[key];
      if (choices) expect(choices).toContain(value);
      else expect(typeof value).toBe('boolean');
    }
  });

  it('matches the settings table in docs/cjk.md', () => {
    const doc = readFileSync(new URL('../../../../docs/cjk.md', import.meta.url), 'utf8');
    const section = doc.split(/^## /m).find((part) => part.startsWith('`cjk-format` settings'));
    if (!section) throw new Error('docs/cjk.md has no "`cjk-format` settings" section');
    const documented = Object.fromEntries(
      [...section.matchAll(/^\|\s*`([A-Za-z]+)`\s*\|\s*`([^`]+)`\s*\|/gm)].map((match) => [
        match[1],
        match[2],
      ]),
    );
    const expected = Object.fromEntries(
      Object.entries(DEFAULT_CJK_FORMAT_SETTINGS).map(([key, value]) => [key, String(value)]),
    );
    expect(documented).toEqual(expected);
  });
});

describe('parseCjkFormatSettings', () => {
  it.each([undefined, null, 42, 'curly', [], [true]])('gives the defaults for %o', (input) => {
    expect(parseCjkFormatSettings(input)).toEqual(DEFAULT_CJK_FORMAT_SETTINGS);
  });

  it('keeps valid values and replaces bad ones field by field', () => {
    const parsed = parseCjkFormatSettings({
      cjkEnglishSpacing: false,
      fullwidthBrackets: true,
      quoteStyle: 'corner',
      consecutivePunctuationLimit: 2,
      spaceCollapsing: 'no',
      trailingSpaceRemoval: 0,
      unknownSetting: true,
    });
    expect(parsed).toEqual({
      ...DEFAULT_CJK_FORMAT_SETTINGS,
      cjkEnglishSpacing: false,
      fullwidthBrackets: true,
      quoteStyle: 'corner',
      consecutivePunctuationLimit: 2,
    });
    expect(parsed).not.toHaveProperty('unknownSetting');
  });

  it.each([-1, 4, 1.5, '1', Number.NaN])('refuses the punctuation limit %o', (limit) => {
    expect(parseCjkFormatSettings({ consecutivePunctuationLimit: limit })).toEqual(
      DEFAULT_CJK_FORMAT_SETTINGS,
    );
  });

  it('never throws, even on a throwing getter', () => {
    const hostile = {
      get cjkEnglishSpacing(): boolean {
        throw new Error('boom');
      },
      slashSpacing: false,
    };
    expect(parseCjkFormatSettings(hostile)).toEqual({
      ...DEFAULT_CJK_FORMAT_SETTINGS,
      slashSpacing: false,
    });
  });

  it('returns a fresh object each time', () => {
    const first: CjkFormatSettings = parseCjkFormatSettings({});
    first.cjkEnglishSpacing = false;
    expect(parseCjkFormatSettings({}).cjkEnglishSpacing).toBe(true);
    expect(Object.isFrozen(DEFAULT_CJK_FORMAT_SETTINGS)).toBe(true);
  });
});
