import { describe, expect, it } from 'vitest';
import { browserCommand } from './browserArgs';

const ok = (args: Record<string, unknown>) => {
  const built = browserCommand(args);
  if (!built.ok) throw new Error(built.sentence);
  return built.cmd;
};
const sentence = (args: Record<string, unknown>) => {
  const built = browserCommand(args);
  if (built.ok) throw new Error(`accepted ${JSON.stringify(args)}`);
  return built.sentence;
};

describe('browserCommand', () => {
  it('builds the driver command of every read action', () => {
    expect(ok({ action: 'read' })).toEqual({ op: 'read' });
    expect(ok({ action: 'screenshot', tabId: 't1' })).toEqual({ op: 'screenshot', tabId: 't1' });
    expect(ok({ action: 'query', selector: 'td', fields: { box: true } })).toEqual({
      op: 'query',
      selector: 'td',
      fields: { box: true },
    });
    expect(ok({ action: 'extract' })).toEqual({ op: 'extract' });
    expect(ok({ action: 'console' })).toEqual({ op: 'console' });
    expect(ok({ action: 'wait', navigationId: 'n3', timeoutMs: 500 })).toEqual({
      op: 'wait',
      navigationId: 'n3',
      timeoutMs: 500,
    });
    expect(ok({ action: 'wait_for', role: 'button', name: 'Save', timeoutMs: 200 })).toEqual({
      op: 'wait_for',
      role: 'button',
      name: 'Save',
      timeoutMs: 200,
    });
  });

  it('builds the driver command of every browser action', () => {
    expect(ok({ action: 'act', operation: 'click', role: 'button', name: 'Save' })).toEqual({
      op: 'act',
      operation: 'click',
      role: 'button',
      name: 'Save',
    });
    expect(ok({ action: 'act', operation: 'type', ref: 'e4', text: '', tabId: 't2' })).toEqual({
      op: 'act',
      tabId: 't2',
      operation: 'type',
      ref: 'e4',
      text: '',
    });
    expect(ok({ action: 'act', operation: 'scroll', dy: 300 })).toEqual({
      op: 'act',
      operation: 'scroll',
      dy: 300,
    });
    expect(
      ok({ action: 'act', operation: 'key', key: 'Enter', modifiers: { ctrl: true } }),
    ).toEqual({ op: 'act', operation: 'key', key: 'Enter', modifiers: { ctrl: true } });
    expect(ok({ action: 'open', url: 'https://a.example/', timeoutMs: 5000 })).toEqual({
      op: 'open',
      url: 'https://a.example/',
      timeoutMs: 5000,
    });
    expect(ok({ action: 'navigate', url: 'https://b.example/' })).toEqual({
      op: 'navigate',
      url: 'https://b.example/',
    });
    expect(ok({ action: 'style', selector: '.banner', set: { display: 'none' } })).toEqual({
      op: 'style',
      selector: '.banner',
      set: { display: 'none' },
    });
    expect(ok({ action: 'style', injectCss: 'body{color:red}' })).toEqual({
      op: 'style',
      injectCss: 'body{color:red}',
    });
    expect(ok({ action: 'execute_js', script: 'return 1' })).toEqual({
      op: 'execute_js',
      script: 'return 1',
    });
    expect(ok({ action: 'session_save', handle: 'work' })).toEqual({
      op: 'session_save',
      handle: 'work',
    });
    expect(ok({ action: 'session_load', handle: 'work' })).toEqual({
      op: 'session_load',
      handle: 'work',
    });
    expect(ok({ action: 'console_clear' })).toEqual({ op: 'console_clear' });
  });

  // Which arguments each action takes is checked before this (actionArguments.test.ts); an act
  // operation's own arguments are checked here.
  it('refuses an argument the act operation does not take, naming what it takes', () => {
    expect(sentence({ action: 'act', operation: 'click', ref: 'e1', text: 'x' })).toBe(
      'act click does not take text; it takes ref, role, name.',
    );
  });

  it('reads from an offset, one role or a piece of a name', () => {
    const args = { offset: 2500, role: 'checkbox', nameContains: 'news', format: 'nodes' };
    expect(ok({ action: 'read', tabId: 't1', ...args })).toEqual({
      op: 'read',
      tabId: 't1',
      ...args,
    });
  });

  it('asks for what an action needs', () => {
    expect(sentence({ action: 'open' })).toBe('open needs url, the http(s) address to load.');
    expect(sentence({ action: 'navigate' })).toMatch(/^navigate needs url/);
    expect(sentence({ action: 'execute_js' })).toMatch(/^execute_js needs script/);
    expect(sentence({ action: 'session_load' })).toMatch(/^session_load needs handle/);
    expect(sentence({ action: 'query' })).toMatch(/^query needs selector/);
    expect(sentence({ action: 'act' })).toMatch(/^act needs operation/);
  });

  it('targets click and type by ref or by role + name, never both or half', () => {
    expect(sentence({ action: 'act', operation: 'click' })).toBe(
      'act click needs a target: ref (from a read) or role + name.',
    );
    expect(
      sentence({ action: 'act', operation: 'click', ref: 'e1', role: 'button', name: 'X' }),
    ).toMatch(/either ref or role \+ name, not both/);
    expect(sentence({ action: 'act', operation: 'click', name: 'Save' })).toMatch(
      /name needs role/,
    );
    expect(sentence({ action: 'act', operation: 'click', role: 'button' })).toMatch(
      /role needs name/,
    );
  });

  it('never sends a type without text (an incomplete call must not clear a field)', () => {
    expect(sentence({ action: 'act', operation: 'type', role: 'textbox', name: 'Title' })).toBe(
      'act type needs text: the text to put in the field ("" clears it).',
    );
  });

  it('scrolls by exactly one of ref or dy, and presses a named key', () => {
    expect(sentence({ action: 'act', operation: 'scroll' })).toMatch(/exactly one of ref .* or dy/);
    expect(sentence({ action: 'act', operation: 'scroll', ref: 'e1', dy: 5 })).toMatch(
      /exactly one/,
    );
    expect(sentence({ action: 'act', operation: 'key' })).toMatch(/^act key needs key/);
    expect(sentence({ action: 'act', operation: 'key', key: 'Entr' })).toMatch(
      /^act key: key "Entr" is not a key/,
    );
    expect(sentence({ action: 'act', operation: 'dialog' })).toMatch(/^act dialog needs accept/);
    expect(sentence({ action: 'act', operation: 'dialog', accept: false, text: 'x' })).toMatch(
      /goes with accept true/,
    );
    expect(sentence({ action: 'act', operation: 'hover', role: 'button' })).toMatch(/name/);
    expect(sentence({ action: 'act', operation: 'click', ref: 'e1', submit: true })).toMatch(
      /act click does not take submit/,
    );
    expect(sentence({ action: 'act', operation: 'scroll', ref: 'e1', modifiers: {} })).toMatch(
      /does not take modifiers/,
    );
  });

  it('styles a target by ref or selector; only injectCss may go without one', () => {
    expect(sentence({ action: 'style', ref: 'e1' })).toMatch(/at least one of set/);
    expect(sentence({ action: 'style', addClasses: ['x'] })).toBe(
      'style needs a target for addClasses: ref or selector.',
    );
    expect(sentence({ action: 'style', ref: 'e1', selector: 'a', set: { color: 'red' } })).toMatch(
      /either ref or selector/,
    );
    expect(sentence({ action: 'style', selector: 'a', set: {} })).toMatch(
      /at least one CSS property/,
    );
  });

  it('waits for exactly one condition, and never for a query or fragment', () => {
    expect(sentence({ action: 'wait_for' })).toMatch(/exactly one of ref, role/);
    expect(sentence({ action: 'wait_for', text: 'a', urlContains: 'b' })).toMatch(
      /it got text, urlContains/,
    );
    expect(sentence({ action: 'wait_for', text: 'a', name: 'b' })).toMatch(/name goes with role/);
    expect(sentence({ action: 'wait_for', urlContains: '/done?ok=1' })).toMatch(/"\?" or "#"/);
    expect(ok({ action: 'wait_for', urlContains: '/done' })).toEqual({
      op: 'wait_for',
      urlContains: '/done',
    });
  });

  it('checks a run by its id, with its tab when given; a tab alone names no run', () => {
    for (const action of ['workflow_status', 'workflow_cancel']) {
      expect(ok({ action, runId: 'wfrun-btab-1-1', tabId: 'btab-1' })).toEqual({
        op: action,
        tabId: 'btab-1',
        runId: 'wfrun-btab-1-1',
      });
      expect(ok({ action, runId: 'wfrun-btab-1-1' })).toEqual({
        op: action,
        runId: 'wfrun-btab-1-1',
      });
      expect(sentence({ action, tabId: 'btab-1' })).toBe(
        `${action} needs runId, from workflow_run; a tabId alone names no run.`,
      );
    }
  });
});
