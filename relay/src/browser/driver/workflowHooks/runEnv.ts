/**
 * How a workflow run acts on its tab: through the same commands, checks and approvals as an AI's
 * own calls. When a step needs the person's answer, the prompt is shown in the app at once (no AI
 * call is waiting to carry it), the run's clock stops until the answer, and then:
 * - Allow once / Allow on this site: the step is tried again, and the approval lets it through;
 * - Deny: the run ends, `denied`;
 * - the prompt went away (the page navigated): asked once more on the new page, then the run
 *   pauses, `dropped-by-navigation`.
 */
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import { actAttempt, extractAttempt, navigationAttempt } from '../../runs/attempts.js';
import type { Executable } from '#shared/browserWorkflow/plan.js';
import type { RunClock } from '../../runs/runClock.js';
import type { AttemptResult, RunEnv } from '../../runs/runEngine.js';
import type { Candidate } from '../../runs/selfHeal.js';
import { act } from '../toolCommands/actCommands.js';
import type { DriverCore } from '../core.js';
import { withDriverInput } from '../pages/driverInput.js';
import { navigate, wait } from '../toolCommands/navigationCommands.js';
import { extract, read } from '../toolCommands/readCommands.js';

/** Prompts for one attempt at most: an answered one, then the same again after a navigation. */
const MAX_PROMPTS = 3;

export interface RunContext {
  core: DriverCore;
  tabId: string;
  runId: string;
  clock: RunClock;
}

type Outcome = DriverResult | AttemptResult;

function isAttempt(v: Outcome): v is AttemptResult {
  return 'outcome' in v;
}

/** Runs `command`, asking the person whenever it needs them, until it has an answer. */
async function approved(
  ctx: RunContext,
  signal: AbortSignal,
  command: () => Promise<DriverResult>,
): Promise<Outcome> {
  let withdrawn = 0;
  for (let prompts = 0; ; prompts++) {
    const result = await command();
    if (result.ok || result.error !== 'APPROVAL_REQUIRED') return result;
    if (prompts >= MAX_PROMPTS) {
      return {
        outcome: 'failed',
        stop: {
          status: 'paused',
          reasonCode: 'needs-human',
          reason: 'The step kept asking for approval; do it by hand.',
        },
      };
    }
    const { requestId } = result.approval;
    ctx.core.promptForRun(result.approval, ctx.runId);
    ctx.clock.hold();
    let answer;
    try {
      answer = await ctx.core.waitForAnswer(requestId, signal);
    } finally {
      ctx.clock.release();
    }
    if (signal.aborted) {
      ctx.core.withdrawPrompt(requestId);
      return { outcome: 'unknown', reason: 'stopped while waiting for the person' };
    }
    if (answer === 'deny') {
      return {
        outcome: 'failed',
        stop: { status: 'failed', reasonCode: 'denied', reason: 'The person denied the step.' },
      };
    }
    if (answer === 'withdrawn' && ++withdrawn > 1) {
      return {
        outcome: 'failed',
        stop: {
          status: 'paused',
          reasonCode: 'dropped-by-navigation',
          reason: 'The page changed twice while the person was being asked.',
        },
      };
    }
  }
}

/**
 * The run's own input into its tab, whatever the act sends (a click today; keys and typing as they
 * become trusted input): never taken for the person's, which would pause the run (runWatch.ts).
 * Only the act is covered, never the wait for the person's answer.
 */
function asDriver<T>(ctx: RunContext, fn: () => Promise<T>): Promise<T> {
  const tab = ctx.core.tabById(ctx.tabId);
  return tab ? withDriverInput(tab, fn) : fn();
}

/** Follows a navigation's ticket until it ends (or the run stops). */
async function followed(ctx: RunContext, first: DriverResult, signal: AbortSignal) {
  let result = first;
  while (!result.ok && result.error === 'TIMEOUT' && !signal.aborted) {
    const navigationId = result.details?.navigationId;
    if (typeof navigationId !== 'string') break;
    result = await wait(ctx.core, { op: 'wait', tabId: ctx.tabId, navigationId });
  }
  return result;
}

export function driverRunEnv(ctx: RunContext): RunEnv {
  const { core, tabId } = ctx;
  return {
    async attempt(exec: Executable, { freshApproval, signal }): Promise<AttemptResult> {
      switch (exec.kind) {
        case 'navigate': {
          const r = await approved(ctx, signal, () =>
            navigate(core, { op: 'navigate', tabId, url: exec.url }),
          );
          return isAttempt(r) ? r : navigationAttempt(await followed(ctx, r, signal));
        }
        case 'extract': {
          const r = await approved(ctx, signal, () => extract(core, { op: 'extract', tabId }));
          return isAttempt(r) ? r : extractAttempt(r);
        }
        case 'click':
        case 'type': {
          const role = exec.role ?? (await roleOf(ctx, exec.name));
          if (typeof role !== 'string') return role;
          const cmd =
            exec.kind === 'click'
              ? { op: 'act' as const, tabId, operation: 'click' as const, role, name: exec.name }
              : {
                  op: 'act' as const,
                  tabId,
                  operation: 'type' as const,
                  role,
                  name: exec.name,
                  text: exec.value,
                };
          const r = await approved(ctx, signal, () =>
            asDriver(ctx, () => act(core, cmd, { fresh: freshApproval })),
          );
          return isAttempt(r) ? r : actAttempt(r);
        }
      }
    },

    async candidates(role: string): Promise<Candidate[]> {
      const nodes = await snapshot(ctx, { role });
      return nodes.filter((n) => n.role === role && n.name !== '');
    },
  };
}

/** The most answers one look at the page reads (each some 1,500 nodes or more). */
const MAX_READ_PAGES = 8;

/**
 * The page's controls now, of one role or with a piece of a name, from fresh reads (authorised
 * as any read is), page after page.
 */
async function snapshot(
  ctx: RunContext,
  filter: { role: string } | { nameContains: string },
): Promise<Candidate[]> {
  const found: Candidate[] = [];
  let offset: number | undefined = 0;
  for (let i = 0; i < MAX_READ_PAGES && offset !== undefined; i++) {
    const cmd = { op: 'read' as const, tabId: ctx.tabId, format: 'nodes' as const, offset };
    const r = await read(ctx.core, { ...cmd, ...filter });
    if (!r.ok || !Array.isArray(r.data.snapshot)) break;
    for (const n of r.data.snapshot as { role?: unknown; name?: unknown }[]) {
      if (typeof n.role === 'string' && typeof n.name === 'string') {
        found.push({ role: n.role, name: n.name });
      }
    }
    offset = typeof r.data.nextOffset === 'number' ? r.data.nextOffset : undefined;
  }
  return found;
}

/**
 * A step without a role takes the role of the one control with exactly that name: none is a
 * missing target (self-heal does not apply: it needs a role), more than one asks the person.
 */
async function roleOf(ctx: RunContext, name: string): Promise<string | AttemptResult> {
  const named = name.trim() === '' ? [] : await snapshot(ctx, { nameContains: name });
  const roles = new Set(named.filter((n) => n.name === name).map((n) => n.role));
  if (roles.size === 1) return [...roles][0];
  if (roles.size === 0) {
    return { outcome: 'failed', postconditionMet: false, notFound: true, reason: 'not-found' };
  }
  return {
    outcome: 'failed',
    reason: `ambiguous: ${[...roles].sort().join(', ')} are all named ${JSON.stringify(name)}`,
  };
}
