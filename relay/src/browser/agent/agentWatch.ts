/**
 * The agent's part for noticing the person in a tab where a workflow run goes on: while armed
 * (`watchArm`), every trusted press of a pointer or a key in the page is reported to the hub at
 * once. Nothing about the event is sent but its type: no target, no key, no position.
 *
 * As with the recorder (agentRecord.ts), only trusted events count, so a page script cannot
 * pretend to be the person, and the report goes through a binding that exists in the agent's
 * isolated world only (`__vmarkWatch`), so the page can neither forge a report nor see one. The
 * driver's own input is trusted too: the hub, not the page, tells it apart (driverInput.ts).
 */
import type { AgentScope } from './agentScope.js';

export function watchPart(A: AgentScope): void {
  type Sink = (json: string) => void;
  const TYPES = ['pointerdown', 'keydown'];
  let armed: { off: () => void } | null = null;

  A.watchArm = () => {
    if (armed) return { armed: true };
    const sink = (globalThis as unknown as { __vmarkWatch?: Sink }).__vmarkWatch;
    if (typeof sink !== 'function') return { error: 'the watch channel is not open' };
    const options = { capture: true, passive: true };
    const onInput = (event: Event) => {
      if (event.isTrusted) sink(JSON.stringify({ type: event.type }));
    };
    for (const type of TYPES) window.addEventListener(type, onInput, options);
    armed = {
      off: () => {
        for (const type of TYPES) window.removeEventListener(type, onInput, options);
      },
    };
    return { armed: true };
  };

  A.watchDisarm = () => {
    armed?.off();
    armed = null;
    return { armed: false };
  };
}
