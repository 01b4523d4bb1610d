/**
 * Contract rows, one per action of every tool: an argument the action does not take is refused in
 * plain words, naming it and what the action takes, before anything is done (issue 25 §1, SPEC §2).
 * The argument is one another action of the same tool takes, as a model may well mix them up
 * (`save` on `read`); where every argument of the tool is the action's own, it is one no action
 * takes (`line`). Which action takes what is the server's table, the one its descriptions give.
 */
import { expect } from '@playwright/test';
import { ACTION_ARGUMENTS } from '../../../src/lib/mcp/actionArguments';
import type { ContractRow } from './context';
import { object } from './shapes';

/** A value each argument's schema accepts, so that only the action's own check can refuse it. */
const SAMPLES: Readonly<Record<string, unknown>> = {
  tabId: 'tab-99999',
  windowLabel: 'main',
  filePath: '/notes/not-taken.md',
  folderPath: '/notes',
  force: true,
  save: true,
  content: 'Not taken\n',
  expected_revision: 'rev-AAAAAAAA',
  url: 'https://example.com/',
  timeoutMs: 1000,
  text: 'Not taken',
  runId: 'run-1',
  selector: 'p',
  offset: 0,
};

/** Actions whose row is written by hand, with what a client notices next (document.ts). */
const BY_HAND = new Set(['document.write', 'document.transform']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rowsOf(tool: string, actions: Readonly<Record<string, readonly string[]>>): ContractRow[] {
  const all = [...new Set(Object.values(actions).flat())];
  const generated = Object.entries(actions).filter(([action]) => !BY_HAND.has(`${tool}.${action}`));
  return generated.map(([action, takes]) => {
    const other = Object.keys(SAMPLES).find((arg) => all.includes(arg) && !takes.includes(arg));
    const [arg, value] = other ? [other, SAMPLES[other]] : ['line', 3];
    const rest = takes.length === 0 ? 'no argument besides action' : takes.join(', ');
    return {
      name: `an argument ${action} does not take (${arg}) → refused in plain words, naming it; nothing done`,
      tool,
      action,
      async args(ctx) {
        ctx.memo.state = await ctx.ok('session', { action: 'get_state' });
        return { [arg]: value };
      },
      plain: new RegExp(`\\b${action} does not take ${arg}; it takes ${escape(rest)}\\.$`),
      shape: object({}),
      async then(_answer, ctx) {
        expect(await ctx.ok('session', { action: 'get_state' })).toEqual(ctx.memo.state);
      },
    };
  });
}

export const notTakenRows: ContractRow[] = Object.entries(ACTION_ARGUMENTS).flatMap(
  ([tool, actions]) => rowsOf(tool, actions),
);
