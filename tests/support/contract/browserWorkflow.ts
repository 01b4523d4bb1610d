/**
 * Contract rows of the workflow actions: workflow_run answers at once and the run goes on in
 * VMark Web, or refuses a source that cannot run with every diagnostic and its line;
 * workflow_status says where a run stands; workflow_cancel ends it; workflow_record starts and
 * stops a recording. The workflows here pause at their goal step at once, so no row waits on
 * the person.
 */
import { expect } from '@playwright/test';
import { ERROR_CODES, WARNING_CODES } from '../../../src/shared/browserWorkflow/diagnostics';
import { allowOnce, tab } from './browser';
import { refusalOf } from './common';
import type { ContractContext, ContractRow } from './context';
import {
  ABSENT,
  arrayOf,
  boolean,
  count,
  literal,
  matches,
  nonEmptyString,
  object,
  oneOf,
  optional,
  positiveInt,
  string,
  type Check,
} from './shapes';

const SOURCE = '---\nsite: drafts\n---\n1. goal: choose the draft to publish\n';
const runId = matches(/^wfrun-[A-Za-z0-9-]+$/, 'a run id such as wfrun-btab-1-1');

const diagnostic = (codes: readonly string[], severity: 'error' | 'warning'): Check =>
  object({
    code: oneOf(...codes),
    severity: literal(severity),
    line: positiveInt,
    message: nonEmptyString,
  });
const WARNINGS = arrayOf(diagnostic(WARNING_CODES, 'warning'), { min: 1 });
/** A step that parses but cannot run as written (plan.ts). */
const PLAN_CODES = ['malformed-target', 'malformed-value', 'undeclared-input'];

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
      warnings: ABSENT,
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
    name: 'a run whose source has warnings → it starts, and the answer lists them with their lines',
    tool: 'browser',
    action: 'workflow_run',
    args: async (ctx) => ({
      tabId: await tab(ctx),
      source: '---\nsite: drafts\nowner: me\n---\n1. goal: publish {draft}\n',
    }),
    shape: object({ runId, steps: literal(1), status: literal('running'), warnings: WARNINGS }),
    async then(answer) {
      expect(answer.warnings).toMatchObject([
        { code: 'unknown-front-matter-key', line: 3 },
        { code: 'undeclared-variable', line: 5 },
      ]);
    },
  },
  {
    name: 'a source that does not parse → INVALID_WORKFLOW with every error and warning',
    tool: 'browser',
    action: 'workflow_run',
    args: async (ctx) => ({
      tabId: await tab(ctx),
      source: '---\nsite: drafts\nowner: me\n---\n1. do: publish\n',
    }),
    refusal: true,
    shape: refusalOf('INVALID_WORKFLOW', {
      errors: arrayOf(diagnostic(ERROR_CODES, 'error'), { min: 1 }),
      warnings: optional(WARNINGS),
    }),
    async then(answer) {
      expect(answer).toMatchObject({
        message: expect.stringContaining('line 5'),
        errors: [{ code: 'unknown-step-kind', line: 5 }],
        warnings: [{ code: 'unknown-front-matter-key', line: 3 }],
      });
    },
  },
  {
    name: 'an action: that starts like one the run does but is broken → INVALID_WORKFLOW, its code and line',
    tool: 'browser',
    action: 'workflow_run',
    args: async (ctx) => ({
      tabId: await tab(ctx),
      source: '---\nsite: drafts\n---\n1. action: click "Publish\n',
    }),
    refusal: true,
    shape: refusalOf('INVALID_WORKFLOW', {
      errors: arrayOf(diagnostic(PLAN_CODES, 'error'), { min: 1 }),
    }),
    async then(answer) {
      expect(answer.errors).toMatchObject([{ code: 'malformed-target', line: 4 }]);
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
    name: 'a run named with its own tab → the same status',
    tool: 'browser_read',
    action: 'workflow_status',
    args: async (ctx) => ({ runId: await pausedRun(ctx), tabId: await tab(ctx) }),
    shape: object({
      runId,
      tabId: nonEmptyString,
      status: literal('paused'),
      pausedAt: literal('step-1'),
    }),
    async then(answer, _ctx, args) {
      expect(answer.tabId).toBe(args.tabId);
    },
  },
  {
    name: 'a run named with a tab that is not its own → INVALID_ARGUMENT naming both tabs',
    tool: 'browser_read',
    action: 'workflow_status',
    args: async (ctx) => ({ runId: await pausedRun(ctx), tabId: 'btab-99' }),
    refusal: true,
    shape: refusalOf('INVALID_ARGUMENT', { runId, runTabId: nonEmptyString }),
    async then(answer, ctx) {
      const own = await tab(ctx);
      expect(answer.runTabId).toBe(own);
      expect(answer.message).toContain('btab-99');
      expect(answer.message).toContain(own);
    },
  },
  {
    name: 'a tabId without runId → refused in plain words: a tab names no run',
    tool: 'browser_read',
    action: 'workflow_status',
    args: async (ctx) => ({ tabId: await tab(ctx) }),
    plain: /^workflow_status needs runId, from workflow_run; a tabId alone names no run\.$/,
    shape: object({}),
  },
  {
    name: 'a run cancelled with its own tab → cancelled',
    tool: 'browser',
    action: 'workflow_cancel',
    args: async (ctx) => ({ runId: await pausedRun(ctx), tabId: await tab(ctx) }),
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
    name: 'a cancel naming a tab that is not the run’s → INVALID_ARGUMENT, and the run is left as it was',
    tool: 'browser',
    action: 'workflow_cancel',
    args: async (ctx) => ({ runId: await pausedRun(ctx), tabId: 'btab-99' }),
    refusal: true,
    shape: refusalOf('INVALID_ARGUMENT', { runId, runTabId: nonEmptyString }),
    async then(answer, ctx, args) {
      expect(answer.message).toContain('btab-99');
      const after = await ctx.ok('browser_read', {
        action: 'workflow_status',
        runId: args.runId,
      });
      expect(after.status).toBe('paused');
    },
  },
  {
    name: 'a run id no run has → RUN_NOT_FOUND',
    tool: 'browser_read',
    action: 'workflow_status',
    args: async () => ({ runId: 'wfrun-btab-0-1' }),
    refusal: true,
    shape: refusalOf('RUN_NOT_FOUND'),
  },
  {
    name: 'cancelling a run id no run has → RUN_NOT_FOUND',
    tool: 'browser',
    action: 'workflow_cancel',
    args: async () => ({ runId: 'wfrun-btab-0-1' }),
    refusal: true,
    shape: refusalOf('RUN_NOT_FOUND'),
  },
  {
    name: 'recording stopped → the workflow text, its inputs, how many events it kept, whether it was capped',
    tool: 'browser',
    action: 'workflow_record',
    async args(ctx) {
      const start = await allowOnce(ctx, {
        action: 'workflow_record',
        tabId: await tab(ctx),
        recordOp: 'start',
      });
      await ctx.ok('browser', { action: 'workflow_record', ...start });
      return { tabId: start.tabId, recordOp: 'stop' };
    },
    shape: object({
      tabId: nonEmptyString,
      source: nonEmptyString,
      inputs: arrayOf(string),
      eventCount: count,
      capped: boolean,
    }),
    async then(answer) {
      expect(answer).toMatchObject({ eventCount: 1, capped: false, inputs: [] });
      expect(answer.source).toMatch(/^---\nsite: recording\n---\n1\. action: navigate to http/);
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
