/**
 * Marks a stretch of coherence work on the performance timeline (`vmark:coherence:<name>`), so a
 * profile or a bench reading `performance.getEntriesByType('measure')` in the core sees where the
 * time of a scan or a read goes. Does nothing where the timeline is missing.
 */
export async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const start = globalThis.performance?.now();
  try {
    return await fn();
  } finally {
    if (start !== undefined && typeof performance.measure === 'function')
      performance.measure(`vmark:coherence:${name}`, { start, end: performance.now() });
  }
}
