import { describe, expect, it } from 'vitest';
import { checkCommand } from './commandShape.js';

const ok = (cmd: unknown) => checkCommand(cmd).ok;
const why = (cmd: unknown) => {
  const r = checkCommand(cmd);
  return r.ok ? '' : r.message;
};

describe('command shapes', () => {
  it('accepts the contract', () => {
    expect(ok({ op: 'read' })).toBe(true);
    expect(ok({ op: 'act', operation: 'click', role: 'button', name: 'Save' })).toBe(true);
    expect(ok({ op: 'act', operation: 'type', ref: 'e3', text: '' })).toBe(true);
    expect(ok({ op: 'act', operation: 'scroll', dy: 300 })).toBe(true);
    expect(ok({ op: 'act', operation: 'key', key: 'Enter', modifiers: { ctrl: true } })).toBe(true);
    expect(ok({ op: 'wait_for', text: 'Done', timeoutMs: 200 })).toBe(true);
    expect(ok({ op: 'style', selector: '.x', set: { display: 'none' } })).toBe(true);
    expect(ok({ op: 'style', injectCss: '.x{}' })).toBe(true);
    expect(ok({ op: 'session_save', handle: 'my.site-1_x' })).toBe(true);
    expect(ok({ op: 'query', selector: 'a', fields: { box: true, styles: ['color'] } })).toBe(true);
  });
  it('refuses unknown commands and bad targets', () => {
    expect(ok({ op: 'eval' })).toBe(false);
    expect(ok(null)).toBe(false);
    expect(why({ op: 'act', operation: 'click', ref: 'e1', role: 'button', name: 'x' })).toMatch(
      /not both/,
    );
    expect(why({ op: 'act', operation: 'click', role: 'button' })).toMatch(/name/);
    expect(why({ op: 'act', operation: 'type', role: 'textbox', name: 'T' })).toMatch(/text/);
    expect(why({ op: 'act', operation: 'scroll', ref: 'e1', dy: 3 })).toMatch(/exactly one/);
    expect(ok({ op: 'act', operation: 'publish', ref: 'e1' })).toBe(false);
    expect(ok({ op: 'act', operation: 'hover', ref: 'e1' })).toBe(true);
    expect(why({ op: 'act', operation: 'hover' })).toMatch(/target/);
  });
  it('checks keys, submit and dialog answers', () => {
    expect(ok({ op: 'act', operation: 'key', key: 'Enter', modifiers: { shift: true } })).toBe(
      true,
    );
    expect(why({ op: 'act', operation: 'key', key: 'Entr' })).toMatch(/"Entr" is not a key/);
    expect(ok({ op: 'act', operation: 'type', ref: 'e1', text: 'x', submit: true })).toBe(true);
    expect(why({ op: 'act', operation: 'type', ref: 'e1', text: 'x', submit: 'yes' })).toMatch(
      /submit must be true or false/,
    );
    expect(why({ op: 'act', operation: 'click', ref: 'e1', submit: true })).toMatch(/type only/);
    expect(ok({ op: 'act', operation: 'dialog', accept: false })).toBe(true);
    expect(ok({ op: 'act', operation: 'dialog', accept: true, text: 'Ada' })).toBe(true);
    expect(why({ op: 'act', operation: 'dialog' })).toMatch(/accept/);
    expect(why({ op: 'act', operation: 'dialog', accept: false, text: 'x' })).toMatch(/prompt/);
    expect(why({ op: 'act', operation: 'dialog', accept: true, ref: 'e1' })).toMatch(/no target/);
    expect(why({ op: 'act', operation: 'key', key: 'a', accept: true })).toMatch(/dialog only/);
  });
  it('checks the paging, the filters and the form of a read', () => {
    expect(ok({ op: 'read', offset: 0, role: 'button', nameContains: 'Sa', format: 'page' })).toBe(
      true,
    );
    expect(ok({ op: 'read', offset: 2500, format: 'nodes' })).toBe(true);
    expect(why({ op: 'read', offset: -1 })).toMatch(/^offset/);
    expect(why({ op: 'read', offset: 1.5 })).toMatch(/^offset/);
    expect(why({ op: 'read', offset: '3' })).toMatch(/^offset/);
    expect(why({ op: 'read', format: 'yaml' })).toMatch(/^format/);
    expect(why({ op: 'read', nameContains: '  ' })).toMatch(/^nameContains/);
    expect(why({ op: 'read', nameContains: 4 })).toMatch(/^nameContains/);
    expect(why({ op: 'read', role: '' })).toMatch(/^role/);
  });
  it('checks wait_for modes, needles and timeouts', () => {
    expect(why({ op: 'wait_for', text: 'a', role: 'button' })).toMatch(/exactly one/);
    expect(why({ op: 'wait_for' })).toMatch(/exactly one/);
    expect(why({ op: 'wait_for', urlContains: '/done?x' })).toMatch(/\?/);
    expect(why({ op: 'wait_for', urlContains: 'a#b' })).toMatch(/#/);
    expect(why({ op: 'wait_for', text: 'a', timeoutMs: 0 })).toMatch(/timeoutMs/);
    expect(why({ op: 'wait_for', text: 'a', timeoutMs: 12_001 })).toMatch(/timeoutMs/);
    expect(why({ op: 'wait_for', text: 'a', timeoutMs: 1.5 })).toMatch(/timeoutMs/);
  });
  it('checks sizes and handles', () => {
    expect(why({ op: 'execute_js', script: 'x'.repeat(64 * 1024 + 1) })).toMatch(/64 KiB|longer/);
    expect(why({ op: 'execute_js', script: 'é'.repeat(40_000) })).toMatch(/64 KiB/);
    expect(ok({ op: 'session_load', handle: '../x' })).toBe(false);
    expect(ok({ op: 'session_load', handle: 'a'.repeat(129) })).toBe(false);
    expect(why({ op: 'query', selector: 'a', fields: { values: true } })).toMatch(/fields/);
    expect(why({ op: 'style', set: { color: 'red' } })).toMatch(/ref or a selector/);
    expect(ok({ op: 'close' })).toBe(false);
  });
});
