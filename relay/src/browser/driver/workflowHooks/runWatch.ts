/**
 * While a workflow run goes on in a tab, the person's own clicks and key presses in that tab pause
 * it (`person-took-over`): they took the tab back, and the run waits for them to hand it back (a
 * resume). The seeds stop the run there; pausing keeps what it did and lets the person give back.
 *
 * The agent reports every trusted press in the page (agentWatch.ts), the driver's own included,
 * which is trusted too; a press that comes while the driver sends input to the tab, or just after
 * (driverInput.ts), is taken for the driver's and ignored. The watch is armed only while a run is
 * running in the tab.
 */
import type { RunRegistry } from '../../runs/runRegistry.js';
import type { DriverCore, Tab } from '../core.js';
import { isDriverInput } from '../pages/driverInput.js';
import { errorText } from '../results.js';

/** Watches `tab` for the person until `ended` settles and no run is running there any more. */
export function watchForPerson(
  core: DriverCore,
  runs: RunRegistry,
  tab: Tab,
  ended: Promise<unknown>,
): void {
  const onInput = () => {
    if (isDriverInput(tab)) return;
    const runId = runs.personTookOver(tab.id);
    if (runId) core.log(`workflow ${runId} paused: the person took over ${tab.id}`);
  };
  tab.agent
    .startWatching(onInput)
    // A press inside one of the page's frames is the person's too.
    .then(() => tab.frames.follow('watch', onInput))
    .catch((e: unknown) => {
      if (!tab.closed) core.log(`cannot watch ${tab.id} for the person: ${errorText(e)}`);
    });
  const stop = () => {
    if (tab.closed || runs.running(tab.id) !== null) return;
    tab.agent.stopWatching().catch(() => undefined);
    void tab.frames.unfollow('watch');
  };
  ended.then(stop, stop);
}
