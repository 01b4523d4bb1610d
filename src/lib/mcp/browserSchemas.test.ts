import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BROWSER_TAB_ID_MESSAGE,
  MAX_PAYLOAD_BYTES,
  browserReadShape,
  browserShape,
} from './browserSchemas';

const browser = z.object(browserShape);
const read = z.object(browserReadShape);

function refused(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const parsed = schema.safeParse(input);
  expect(parsed.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  return (parsed.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('browser arguments, each on its own', () => {
  it('refuses an unknown action, naming the choices', () => {
    expect(refused(browser, { action: 'workflow_list' })[0].message).toBe(
      'action must be one of: act, workflow_run, workflow_cancel, workflow_record, open, navigate, style, execute_js, session_save, session_load, console_clear',
    );
    expect(refused(read, { action: 'workflow_list' })[0].message).toBe(
      'action must be one of: read, screenshot, query, extract, workflow_status, console, wait, wait_for',
    );
  });

  it('refuses a blank tabId with the browser sentence, and trims one', () => {
    expect(refused(browser, { action: 'navigate', tabId: ' ' })).toEqual([
      { path: 'tabId', message: BROWSER_TAB_ID_MESSAGE },
    ]);
    expect(read.parse({ action: 'read', tabId: ' t1 ' }).tabId).toBe('t1');
  });

  it.each([0, 12_001, 1.5, -3, '500'])('refuses timeoutMs %j', (timeoutMs) => {
    for (const [schema, action] of [
      [browser, 'open'],
      [read, 'wait_for'],
    ] as const) {
      expect(refused(schema, { action, timeoutMs })[0]).toEqual({
        path: 'timeoutMs',
        message: 'timeoutMs must be a whole number of milliseconds from 1 to 12,000',
      });
    }
  });

  it('accepts timeoutMs from 1 to 12,000', () => {
    expect(browser.parse({ action: 'open', url: 'https://a.example', timeoutMs: 1 })).toBeTruthy();
    expect(read.parse({ action: 'wait', timeoutMs: 12_000 }).timeoutMs).toBe(12_000);
  });

  it.each(['', 'a b', 'x'.repeat(129), 'semi;colon', 'slash/no'])(
    'refuses the session handle %j',
    (handle) => {
      expect(refused(browser, { action: 'session_save', handle })[0].path).toBe('handle');
    },
  );

  it('accepts a handle of letters, digits, dot, underscore and hyphen', () => {
    const handle = 'Work.login_2-b' + 'x'.repeat(114);
    expect(browser.parse({ action: 'session_load', handle }).handle).toBe(handle);
  });

  it('bounds script and injectCss by UTF-8 bytes, not characters', () => {
    const fits = 'é'.repeat(MAX_PAYLOAD_BYTES / 2);
    expect(browser.safeParse({ action: 'execute_js', script: fits }).success).toBe(true);
    expect(refused(browser, { action: 'execute_js', script: fits + 'é' })[0].message).toMatch(
      /^script must be JavaScript source of at most 64 KiB/,
    );
    expect(refused(browser, { action: 'style', injectCss: 'a'.repeat(65_537) })[0].path).toBe(
      'injectCss',
    );
    expect(refused(browser, { action: 'execute_js', script: '' })[0].message).toBe(
      'script must not be empty',
    );
  });

  it('takes refs as e<n>, or f<n>e<n> inside a frame, only', () => {
    expect(browser.parse({ action: 'act', ref: 'e12' }).ref).toBe('e12');
    expect(browser.parse({ action: 'act', ref: 'f3e12' }).ref).toBe('f3e12');
    expect(read.parse({ action: 'wait_for', ref: 'f1e1' }).ref).toBe('f1e1');
    for (const ref of ['5', 'e', 'E5', 'e5 ', '#e5', 'f0e1', 'f1', 'f1f2e3', 'f10000e1']) {
      expect(refused(browser, { action: 'act', ref })[0].path).toBe('ref');
    }
  });

  it('takes modifiers and query fields strictly', () => {
    expect(refused(browser, { action: 'act', modifiers: { ctrl: true, hyper: true } })[0]).toEqual({
      path: 'modifiers',
      message:
        'modifiers must be an object with optional booleans ctrl, shift, alt and meta, and nothing else',
    });
    expect(refused(read, { action: 'query', selector: 'a', fields: { text: true } })[0].path).toBe(
      'fields',
    );
    expect(
      refused(read, { action: 'query', selector: 'a', fields: { styles: ['color;x'] } })[0].path,
    ).toBe('fields.styles.0');
    expect(
      read.parse({
        action: 'query',
        selector: 'td',
        fields: { attributes: true, box: false, styles: ['color', '--brand'] },
      }).fields,
    ).toEqual({ attributes: true, box: false, styles: ['color', '--brand'] });
  });

  it('takes set as CSS property names mapped to strings', () => {
    expect(browser.parse({ action: 'style', set: { display: 'none' } }).set).toEqual({
      display: 'none',
    });
    expect(refused(browser, { action: 'style', set: { display: 3 } })[0].message).toMatch(/^set /);
    expect(refused(browser, { action: 'style', set: { 'x;y': 'z' } })[0].message).toMatch(/^set /);
  });

  it.each([-1, 1.5, '3', null])('refuses the read offset %j', (offset) => {
    expect(refused(read, { action: 'read', offset })[0]).toEqual({
      path: 'offset',
      message: 'offset must be a whole number ≥ 0: the nextOffset of an earlier read answer',
    });
  });

  it('takes the read form and a piece of a name, and refuses others', () => {
    expect(read.parse({ action: 'read', offset: 0, format: 'nodes', nameContains: 'a' })).toEqual({
      action: 'read',
      offset: 0,
      format: 'nodes',
      nameContains: 'a',
    });
    expect(refused(read, { action: 'read', format: 'yaml' })[0]).toEqual({
      path: 'format',
      message: 'format must be page (one line a node, the default) or nodes',
    });
    for (const nameContains of ['', '  ', 'x'.repeat(1_001), 7]) {
      expect(refused(read, { action: 'read', nameContains })[0].message).toMatch(
        /^nameContains must be a non-empty piece of an accessible name/,
      );
    }
  });

  it('takes scroll pixels as whole numbers', () => {
    expect(browser.parse({ action: 'act', dy: -400 }).dy).toBe(-400);
    expect(refused(browser, { action: 'act', dy: 0.5 })[0].path).toBe('dy');
  });
});
