/** Which module answers which command of the contract. */
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import * as acts from './toolCommands/actCommands.js';
import { isResult, type DriverCore } from './core.js';
import { withDriverInput } from './pages/driverInput.js';
import * as navigation from './toolCommands/navigationCommands.js';
import * as panel from './toolCommands/panelCommands.js';
import * as reads from './toolCommands/readCommands.js';
import { dialogOpen } from './results.js';
import * as sessions from './toolCommands/sessionCommands.js';

/**
 * The command's answer; a dialog the page's own clock dismissed since the last call on that tab
 * is told in the next answer from it (`dialogDismissed`).
 */
export async function runCommand(core: DriverCore, cmd: DriverCommand): Promise<DriverResult> {
  const result = await route(core, cmd);
  if (result.ok && typeof result.data.tabId === 'string') {
    const notice = core.tabById(result.data.tabId)?.dialogs.takeNotice();
    if (notice) result.data.dialogDismissed = notice;
  }
  return result;
}

async function route(core: DriverCore, cmd: DriverCommand): Promise<DriverResult> {
  switch (cmd.op) {
    case 'read':
      return reads.read(core, cmd);
    case 'screenshot':
      return reads.screenshot(core, cmd);
    case 'query':
      return reads.query(core, cmd);
    case 'extract':
      return reads.extract(core, cmd);
    case 'console':
      return reads.consoleRead(core, cmd);
    case 'console_clear':
      return reads.consoleClear(core, cmd);
    case 'wait_for':
      return reads.waitFor(core, cmd);
    case 'wait':
      return navigation.wait(core, cmd);
    case 'open':
      return navigation.open(core, cmd);
    case 'navigate':
      return navigation.navigate(core, cmd);
    case 'act': {
      // Whatever an act sends into the tab is the driver's input, never the person's (runWatch.ts).
      const tab = core.tab(cmd.tabId);
      return isResult(tab) ? acts.act(core, cmd) : withDriverInput(tab, () => acts.act(core, cmd));
    }
    case 'style':
      return acts.style(core, cmd);
    case 'execute_js':
      return acts.executeJs(core, cmd);
    case 'session_save':
      return sessions.sessionSave(core, cmd);
    case 'session_load':
      return sessions.sessionLoad(core, cmd);
    case 'workflow_run':
    case 'workflow_status':
    case 'workflow_cancel':
    case 'workflow_record':
      return workflowCommand(core, cmd);
    case 'tabs':
      return panel.tabList(core);
    case 'thumbnail': {
      // A page under a dialog draws nothing until it is answered.
      const tab = core.tabById(cmd.tabId);
      if (tab?.dialogs.current) return dialogOpen(tab.id, tab.dialogs.current);
      return panel.thumbnail(tab, cmd);
    }
    case 'close':
      return panel.close(core.tabById(cmd.tabId), cmd);
    case 'front': {
      const tab = core.tabById(cmd.tabId);
      if (tab) core.focus(tab);
      return panel.front(tab, cmd);
    }
  }
}

type WorkflowCmd = Extract<
  DriverCommand,
  { op: 'workflow_run' | 'workflow_status' | 'workflow_cancel' | 'workflow_record' }
>;

/** The workflow commands, loaded with the first of them (a hub without workflows keeps lean). */
async function workflowCommand(core: DriverCore, cmd: WorkflowCmd): Promise<DriverResult> {
  const state = await core.workflows();
  if (cmd.op === 'workflow_record') {
    return (await import('./toolCommands/recordCommands.js')).workflowRecord(core, state, cmd);
  }
  const w = await import('./toolCommands/workflowCommands.js');
  if (cmd.op === 'workflow_run') return w.workflowRun(core, state, cmd);
  if (cmd.op === 'workflow_status') return w.workflowStatus(core, state, cmd);
  return w.workflowCancel(state, cmd);
}
