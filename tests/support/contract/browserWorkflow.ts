/**
 * Contract rows of the workflow actions: workflow_run answers at once and the run goes on in
 * VMark Web; workflow_status says where it stands; workflow_cancel ends it. The workflow here
 * pauses at its goal step at once, so no row waits on the person.
 */
import { expect } from '@playwright/test';
import { allowOnce, tab } from './browser';
import type { ContractContext, ContractRow } from './context';
import {
  arrayOf,
  count,
  literal,
  matches,
  nonEmptyString,
  object,
  optional,
  string,
} from './shapes';

const SOURCE = '---\nsite: drafts\n---\n1. goal: choose the draft to publish\n';
const runId = matches(/^wfrun-[A-Za-z0-9-]+$/, 'a run id such as wfrun-btab-1-1');

async function pausedRun(ctx: ContractContext): Promise<string> {
  const started = await ctx.ok('browser', {
    action: 'workflow_run',
    tabId: await tab(ctx),
    source: SOURCE,
  });
  const id = started.runId as string;
  await expect
    .poll(
      async () => (await ctx.ok('browser_read', { action: 'workflow_status', runId: id })).status,
    )
    .toBe('paused');
  return id;
}

export const workflowRunRows: ContractRow[] = [
  {
    name: 'a run started → its id and steps at once, while it goes on',
    tool: 'browser',
    action: 'workflow_run',
    args: async (ctx) => ({ tabId: await tab(ctx), source: SOURCE }),
    shape: object({
      runId,
      tabId: nonEmptyString,
      steps: literal(1),
      firstStep: literal('step-1'),
      status: literal('running'),
    }),
    async then(answer, ctx) {
      await expect
        .poll(
          async () =>
            (await ctx.ok('browser_read', { action: 'workflow_status', runId: answer.runId }))
              .status,
        )
        .toBe('paused');
    },
  },
  {
    name: 'a paused run → where, why, and each step',
    tool: 'browser_read',
    action: 'workflow_status',
    args: async (ctx) => ({ runId: await pausedRun(ctx) }),
    shape: object({
      runId,
      status: literal('paused'),
      stepCount: literal(1),
      firstStep: literal('step-1'),
      completedSteps: count,
      skippedSteps: count,
      pausedAt: literal('step-1'),
      reasonCode: literal('needs-human'),
      reason: nonEmptyString,
      stepResults: arrayOf(
        object({ index: count, status: string, attempts: count, reason: optional(string) }),
        { min: 1 },
      ),
    }),
  },
  {
    name: 'a run cancelled → cancelled, and then it has ended',
    tool: 'browser',
    action: 'workflow_cancel',
    args: async (ctx) => ({ runId: await pausedRun(ctx) }),
    shape: object({ runId, result: literal('cancelled') }),
    async then(answer, ctx) {
      const after = await ctx.ok('browser_read', {
        action: 'workflow_status',
        runId: answer.runId,
      });
      expect(after.status).toBe('cancelled');
    },
  },
  {
    name: 'recording started once allowed → recording:true; stopped → a workflow without values',
    tool: 'browser',
    action: 'workflow_record',
    args: async (ctx) =>
      allowOnce(ctx, {
        action: 'workflow_record',
        tabId: await tab(ctx),
        recordOp: 'start',
        site: 'drafts',
      }),
    shape: object({ tabId: nonEmptyString, recording: literal(true), url: nonEmptyString }),
    async then(_answer, ctx, args) {
      const stopped = await ctx.ok('browser', {
        action: 'workflow_record',
        tabId: args.tabId,
        recordOp: 'stop',
      });
      expect(stopped).toMatchObject({ eventCount: 1, capped: false, inputs: [] });
      expect(stopped.source).toMatch(/^---\nsite: drafts\n---\n1\. action: navigate to http/);
    },
  },
];
