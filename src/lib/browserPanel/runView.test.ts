import { describe, expect, it } from 'vitest';
import { MAX_RUNS_SHOWN, isFinished, runViewOf, withRun } from './runView';

const event = {
  runId: 'wfrun-btab-1-1',
  tabId: 'btab-1',
  status: 'running',
  stepCount: 3,
  firstStep: 'step-1',
  completedSteps: 1,
  skippedSteps: 0,
  pendingApproval: {
    operation: 'type',
    url: 'http://127.0.0.1:5000',
    target: { role: 'textbox', name: 'Title' },
  },
  stepResults: [
    { index: 1, status: 'done', attempts: 1 },
    { index: 2, status: 'running', attempts: 1 },
    { index: 3, status: 'pending', attempts: 0 },
  ],
};

describe('runViewOf', () => {
  it('reads a run as workflow_status reports it, with what it waits for', () => {
    expect(runViewOf(event)).toEqual({
      runId: 'wfrun-btab-1-1',
      tabId: 'btab-1',
      status: 'running',
      stepCount: 3,
      pausedAt: null,
      reasonCode: null,
      reason: null,
      waitingFor: { operation: 'type', site: 'http://127.0.0.1:5000', element: 'textbox "Title"' },
      steps: [
        { index: 1, status: 'done', attempts: 1, reason: null, words: null },
        { index: 2, status: 'running', attempts: 1, reason: null, words: null },
        { index: 3, status: 'pending', attempts: 0, reason: null, words: null },
      ],
    });
  });

  it('shows each step as written when the hub sent the plan', () => {
    const run = runViewOf({
      ...event,
      plan: [
        { index: 1, kind: 'action', text: 'navigate to http://127.0.0.1:5000/form' },
        { index: 2, kind: 'action', text: `type {title} into "${'T'.repeat(400)}" (textbox)` },
        { index: 3, kind: 7, text: 'x' },
      ],
    });
    expect(run?.steps.map((s) => s.words)).toEqual([
      'action: navigate to http://127.0.0.1:5000/form',
      expect.stringMatching(/^action: type \{title\} into "T+$/),
      null,
    ]);
    expect(run?.steps[1].words).toHaveLength(200);
  });

  it('leaves out what is malformed', () => {
    expect(runViewOf(null)).toBeNull();
    expect(runViewOf({ status: 'running' })).toBeNull();
    expect(runViewOf({ runId: 'r', status: 3 })).toBeNull();
    const odd = runViewOf({
      runId: 'r',
      status: 'paused',
      stepResults: [null, { index: 1 }, 'x'],
      reason: 'x'.repeat(5000),
    });
    expect(odd?.steps).toEqual([]);
    expect(odd?.reason).toHaveLength(300);
  });
});

describe('withRun', () => {
  it('updates a run in place at the front, and keeps the newest few', () => {
    let runs = [runViewOf(event)!];
    for (let i = 2; i <= MAX_RUNS_SHOWN + 5; i++) {
      runs = withRun(runs, runViewOf({ ...event, runId: `wfrun-btab-1-${i}` })!);
    }
    expect(runs).toHaveLength(MAX_RUNS_SHOWN);
    expect(runs[0].runId).toBe(`wfrun-btab-1-${MAX_RUNS_SHOWN + 5}`);
    const updated = withRun(
      runs,
      runViewOf({ ...event, runId: runs[5].runId, status: 'completed' })!,
    );
    expect(updated).toHaveLength(MAX_RUNS_SHOWN);
    expect(updated[0]).toMatchObject({ runId: runs[5].runId, status: 'completed' });
    expect(isFinished(updated[0])).toBe(true);
    expect(isFinished(updated[1])).toBe(false);
  });
});
