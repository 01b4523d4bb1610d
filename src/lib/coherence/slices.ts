/**
 * Long work in the app's core (parsing a ledger of many thousand lines, checking a batch of
 * entries) gives way now and then, so a keystroke or another tool's call waiting behind it is
 * answered within a frame or two: `const breathe = slices(); … await breathe();` in a loop yields
 * to the event loop once `sliceMs` have passed since the last time.
 */
const now = () => globalThis.performance?.now() ?? Date.now();

/** One turn of the event loop (scheduler.yield where the browser has it). */
function yieldNow(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function slices(sliceMs = 8): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < sliceMs) return;
    await yieldNow();
    since = now();
  };
}
