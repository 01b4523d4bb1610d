import { describe, expect, it } from 'vitest';
import { mergeSettings } from './settings';
import { DEFAULT_SETTINGS } from './types';

describe('mergeSettings', () => {
  it('applies valid fields and keeps the rest', () => {
    expect(mergeSettings(DEFAULT_SETTINGS, { theme: 'dark', workspaceRail: true })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      workspaceRail: true,
    });
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
