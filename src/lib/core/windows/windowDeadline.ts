/** How long the core waits for a window to answer before counting it as gone (it may be closing). */

export const WINDOW_ANSWER_MS = 5_000;

/** The window's answer, or 'late' when it took longer than WINDOW_ANSWER_MS. */
export async function withDeadline<T>(work: Promise<T>): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>(
    (resolve) => (timer = setTimeout(resolve, WINDOW_ANSWER_MS, 'late')),
  );
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
