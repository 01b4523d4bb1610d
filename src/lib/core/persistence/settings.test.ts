import { describe, expect, it } from 'vitest';
import { mergeSettings } from './settings';
import { DEFAULT_SETTINGS } from '../types';

describe('mergeSettings', () => {
  it('applies valid fields and keeps the rest', () => {
    expect(mergeSettings(DEFAULT_SETTINGS, { theme: 'dark', workspaceRail: true })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      workspaceRail: true,
    });
    expect(DEFAULT_SETTINGS.trackProvenance).toBe(false);
    expect(mergeSettings(DEFAULT_SETTINGS, { trackProvenance: true }).trackProvenance).toBe(true);
    expect(mergeSettings(DEFAULT_SETTINGS, { trackProvenance: 'on' }).trackProvenance).toBe(false);
  });

  it('pairs brackets by default, and settings stored before the setting existed keep it on', () => {
    expect(DEFAULT_SETTINGS.autoPair).toBe(true);
    const { autoPair: _dropped, ...older } = DEFAULT_SETTINGS;
    expect(mergeSettings(DEFAULT_SETTINGS, older).autoPair).toBe(true);
    expect(mergeSettings(DEFAULT_SETTINGS, { autoPair: false }).autoPair).toBe(false);
    expect(mergeSettings(DEFAULT_SETTINGS, { autoPair: 0 }).autoPair).toBe(true);
  });

  it('follows the browser language by default and takes only the four UI languages', () => {
    expect(DEFAULT_SETTINGS.language).toBe('auto');
    expect(mergeSettings(DEFAULT_SETTINGS, { language: 'zh-Hant' }).language).toBe('zh-Hant');
    expect(mergeSettings(DEFAULT_SETTINGS, { language: 'ko' }).language).toBe('ko');
    for (const bad of ['de', 'zh-Hans', 'KO', 3, null]) {
      expect(mergeSettings(DEFAULT_SETTINGS, { language: bad }).language).toBe('auto');
    }
  });

  it('ignores unknown fields, wrong types and unknown themes', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      theme: 'neon',
      autoApproveEdits: 'yes',
      extra: 1,
    });
    expect(merged).toEqual(DEFAULT_SETTINGS);
    expect(merged).not.toBe(DEFAULT_SETTINGS);
  });

  it('treats a missing or malformed stored value as no change', () => {
    expect(mergeSettings(DEFAULT_SETTINGS, undefined)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(DEFAULT_SETTINGS, 'dark')).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(DEFAULT_SETTINGS, null)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('mergeSettings: your name', () => {
  it('starts with no name, not yet asked; settings stored before the setting existed too', () => {
    expect(DEFAULT_SETTINGS.personName).toBe('');
    expect(DEFAULT_SETTINGS.personNameAsked).toBe(false);
    const { personName: _n, personNameAsked: _a, ...older } = DEFAULT_SETTINGS;
    expect(mergeSettings(DEFAULT_SETTINGS, older)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps a checked name, trimmed; giving one answers the question too', () => {
    const named = mergeSettings(DEFAULT_SETTINGS, { personName: '  Ann Lee ' });
    expect(named.personName).toBe('Ann Lee');
    expect(named.personNameAsked).toBe(true);
    // Clearing it goes back to no name, without asking again.
    expect(mergeSettings(named, { personName: '' })).toMatchObject({
      personName: '',
      personNameAsked: true,
    });
    expect(mergeSettings(DEFAULT_SETTINGS, { personNameAsked: true }).personNameAsked).toBe(true);
  });

  it('keeps the current name when given a bad one', () => {
    const named = mergeSettings(DEFAULT_SETTINGS, { personName: 'Ann' });
    for (const bad of ['a'.repeat(65), 'Ann\nLee', '---', 7, null])
      expect(mergeSettings(named, { personName: bad }).personName).toBe('Ann');
    expect(mergeSettings(DEFAULT_SETTINGS, { personName: 'x\ty' }).personNameAsked).toBe(false);
  });
});

describe('mergeSettings: CJK formatting', () => {
  it('changes the named rules and keeps the others', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      cjkFormat: { cjkEnglishSpacing: false, quoteStyle: 'corner' },
    });
    expect(merged.cjkFormat).toEqual({
      ...DEFAULT_SETTINGS.cjkFormat,
      cjkEnglishSpacing: false,
      quoteStyle: 'corner',
    });
  });

  it('keeps the current value of a rule given a bad value, and drops unknown rules', () => {
    const current = mergeSettings(DEFAULT_SETTINGS, { cjkFormat: { fullwidthBrackets: true } });
    const merged = mergeSettings(current, {
      cjkFormat: { fullwidthBrackets: 'yes', quoteStyle: 'fancy', madeUp: true },
    });
    expect(merged.cjkFormat).toEqual(current.cjkFormat);
    expect(merged.cjkFormat).not.toHaveProperty('madeUp');
  });

  it('fills rules missing from a stored value with their defaults', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      theme: 'light',
      cjkFormat: { spaceCollapsing: false },
    });
    expect(merged.cjkFormat.spaceCollapsing).toBe(false);
    expect(merged.cjkFormat.cjkEnglishSpacing).toBe(true);
  });
});

describe('mergeSettings: browser', () => {
  it('defaults to enabled, sandbox, a visible window, no loopback and no grants', () => {
    expect(DEFAULT_SETTINGS.browser).toEqual({
      enabled: true,
      posture: 'sandbox',
      headless: false,
      allowLoopback: false,
      grants: [],
    });
  });

  it('takes each valid browser field and keeps the current value of a bad one', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      browser: { enabled: false, posture: 'everywhere', headless: 'yes', allowLoopback: true },
    });
    expect(merged.browser).toEqual({
      enabled: false,
      posture: 'sandbox',
      headless: false,
      allowLoopback: true,
      grants: [],
    });
    expect(
      mergeSettings(DEFAULT_SETTINGS, { browser: { posture: 'shared' } }).browser.posture,
    ).toBe('shared');
  });

  it('reads stored grants back checked', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      browser: {
        grants: [
          { origin: 'https://a.example', operations: ['click', 'eval'] },
          { origin: 'javascript:alert(1)', operations: ['click'] },
        ],
      },
    });
    expect(merged.browser.grants).toEqual([{ origin: 'https://a.example', operations: ['click'] }]);
  });

  it('keeps the browser settings of a record stored before they existed', () => {
    const old = { theme: 'dark', autoApproveEdits: false, workspaceRail: false };
    expect(mergeSettings(DEFAULT_SETTINGS, old).browser).toEqual(DEFAULT_SETTINGS.browser);
  });
});
