import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../shared/wire/driverProtocol';
import { i18n } from '../../i18n/i18n.svelte';
import {
  actionWord,
  clip,
  elementLabel,
  escapeBidi,
  oneLine,
  promptCard,
  siteLabel,
} from './approvalText';

const REQUEST: ApprovalRequest = {
  requestId: 'r1',
  operation: 'click',
  origin: 'https://shop.example:443',
  tabId: 't1',
  generation: 1,
  target: { role: 'button', name: 'Buy now' },
  grantable: true,
};

describe('prompt text', () => {
  beforeEach(() => {
    i18n.setting = 'en';
  });

  it('shows bidi controls as escapes, so they cannot reorder what the person reads', () => {
    expect(escapeBidi('Pay \u202Egnp.exe')).toBe('Pay \\u{202E}gnp.exe');
    expect(escapeBidi('a\u2066b\u2069c\u200Fd\u061C')).toBe(
      'a\\u{2066}b\\u{2069}c\\u{200F}d\\u{061C}',
    );
    expect(escapeBidi('plain عربي text')).toBe('plain عربي text');
  });

  it('clips names to 200 code points, never inside a surrogate pair', () => {
    expect(clip('x'.repeat(200), 200)).toBe('x'.repeat(200));
    expect(clip('x'.repeat(201), 200)).toBe(`${'x'.repeat(200)}…`);
    const emoji = '😀'.repeat(201);
    expect([...clip(emoji, 200)]).toHaveLength(201);
    expect(clip(emoji, 200).endsWith('😀…')).toBe(true);
  });

  it('hides the default port of the site and never shows a path, query or user', () => {
    expect(siteLabel('https://shop.example:443')).toBe('https://shop.example');
    expect(siteLabel('http://127.0.0.1:80')).toBe('http://127.0.0.1');
    expect(siteLabel('http://127.0.0.1:4100')).toBe('http://127.0.0.1:4100');
    expect(siteLabel('https://u:p@Shop.Example/reset/x?token=1')).toBe('https://shop.example');
  });

  it('names each operation in words', () => {
    expect(actionWord('click')).toBe('Click');
    expect(actionWord('eval')).toBe('Run a script in the page');
    expect(actionWord('navigate')).toBe('Visit the site');
    expect(actionWord('\u202Eodd')).toBe('\\u{202E}odd');
  });

  it('shows the element as role "name", escaped and clipped', () => {
    expect(elementLabel({ role: 'button', name: 'Save' })).toBe('button "Save"');
    expect(elementLabel({ role: 'link', name: 'n'.repeat(300) })).toBe(
      `link "${'n'.repeat(200)}…"`,
    );
    expect(elementLabel(undefined)).toBeNull();
  });

  it('keeps a payload summary on one line', () => {
    expect(oneLine('Text: "a\nb\r\n\tc"')).toBe('Text: "a b c"');
  });

  it('builds the card: site, action, element, summary; script only for eval and session', () => {
    expect(promptCard('Claude Code', { ...REQUEST, payloadSummary: 'Key: Enter' })).toEqual({
      title: 'Claude Code asks to use the browser',
      site: 'https://shop.example',
      action: 'Click',
      element: 'button "Buy now"',
      summary: 'Key: Enter',
      script: null,
      grantable: true,
    });
    const js = promptCard('c', {
      ...REQUEST,
      operation: 'eval',
      target: undefined,
      script: 'return "\u202E"',
      grantable: true,
    });
    expect(js).toMatchObject({ script: 'return "\\u{202E}"', element: null, grantable: false });
    expect(promptCard('c', { ...REQUEST, script: 'x' }).script).toBeNull();
  });

  it('words the card in the UI language; what came from the client or the page stays as it is', () => {
    i18n.setting = 'ko';
    expect(promptCard('Claude Code', REQUEST)).toMatchObject({
      title: 'Claude Code이(가) 브라우저를 사용하려고 합니다',
      action: '클릭',
      element: 'button "Buy now"',
    });
    expect(actionWord('\u202Eodd')).toBe('\\u{202E}odd');
    i18n.setting = 'fr';
    expect(promptCard('c\u202E', { ...REQUEST, operation: 'navigate' })).toMatchObject({
      title: 'c\\u{202E} demande à utiliser le navigateur',
      action: 'Visiter le site',
    });
    i18n.setting = 'zh-Hant';
    expect(actionWord('read')).toBe('讀取頁面');
  });
});
