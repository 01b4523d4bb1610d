/**
 * What the app's own Browser and Workflows panels may ask of the driver (never an AI client), and
 * what they get back. Opening a page, running a workflow and recording go through the same checks
 * and prompts as an AI's call: a click in a panel is not an approval of what the page or the run
 * then does.
 */
import type { PanelRefusalCode } from '../../shared/refusals';
import type { DriverCommand, DriverResult } from '../../shared/wire/driverProtocol';

export type PanelCommand = Extract<
  DriverCommand,
  {
    op:
      | 'tabs'
      | 'thumbnail'
      | 'close'
      | 'front'
      | 'workflow_cancel'
      | 'open'
      | 'workflow_run'
      | 'workflow_record';
  }
>;

/** A panel command's answer: the driver's, or the person said no to the prompt it needed. */
export type PanelResult = DriverResult | { ok: false; error: PanelRefusalCode; message: string };
