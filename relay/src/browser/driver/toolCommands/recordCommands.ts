/**
 * browser.workflow_record: start asks the person every time (recording is never allowed for a
 * site once and for all), then what they do in the tab is captured without any value; stop
 * answers the workflow text made of it, which parses and replays.
 */
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { urlForAgent } from '../../policy/urls.js';
import { isResult, type DriverCore } from '../core.js';
import { done, errorText, fail } from '../results.js';
import type { WorkflowState } from '../workflowHooks/workflowState.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

export async function workflowRecord(
  core: DriverCore,
  { recordings }: WorkflowState,
  cmd: Cmd<'workflow_record'>,
): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  if (tab.human) {
    return fail('INVALID_ARGUMENT', 'Recordings are made in the AI’s own tabs only.');
  }
  if (cmd.recordOp === 'stop') {
    const recorded = recordings.stop(tab.id);
    if (!recorded) {
      return fail('INVALID_ARGUMENT', 'No recording is running on this tab; start one first.');
    }
    await tab.agent.stopRecording().catch(() => undefined);
    await tab.frames.unfollow('record');
    tab.lastAction = `recorded a workflow (${recorded.eventCount} events)`;
    core.changed();
    return done({ tabId: tab.id, ...recorded });
  }
  if (recordings.has(tab.id)) {
    return fail(
      'INVALID_ARGUMENT',
      'recording-already-active: this tab is being recorded already; stop that recording first.',
    );
  }
  const denied = core.authorize(tab, { operation: 'record' });
  if (denied) return denied;
  recordings.start(tab.id, tab.page.url(), cmd.site);
  try {
    const report = (json: string) => recordings.report(tab.id, json);
    await tab.agent.startRecording(report);
    // What is done inside the page's frames is recorded too.
    await tab.frames.follow('record', report);
  } catch (e) {
    recordings.drop(tab.id);
    await tab.frames.unfollow('record');
    return fail('INTERNAL', `The recording could not start: ${errorText(e)}`);
  }
  tab.lastAction = 'started recording what you do';
  core.changed();
  return done({ tabId: tab.id, recording: true, url: urlForAgent(tab.page.url()) });
}
