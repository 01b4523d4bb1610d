/**
 * Refs of nodes inside frames. A node of the page's own document is `e5`; a node of a frame is
 * `f2e5`: the frame's number in the tab (handed out in page order as the frames are met, kept
 * until the page navigates) and the ref the frame's own agent gave it. Nested frames have their
 * own numbers, so a ref never grows past one prefix.
 */

/** The largest frame number a ref may carry. */
export const MAX_FRAME_NUMBER = 9_999;

/** A ref the model sends: the page's own (`frame` null) or a frame's. */
export interface FrameRef {
  frame: number | null;
  /** The ref in its own document's agent, `e…`. */
  local: string;
}

const REF = /^(?:f([1-9][0-9]{0,3}))?(e[0-9]{1,9})$/;

/** What a ref names, or null when it is not a ref at all. */
export function parseRef(ref: string): FrameRef | null {
  const match = REF.exec(ref);
  if (!match) return null;
  return { frame: match[1] === undefined ? null : Number(match[1]), local: match[2] };
}

/** The ref the model sees for a frame's node (`frame` null: the page's own). */
export function frameRef(frame: number | null, local: string): string {
  return frame === null ? local : `f${frame}${local}`;
}

/**
 * The origin an act in a frame is approved for: the frame's own when it is a web origin; else
 * the address's (a sandboxed frame's origin is opaque); else the page's, whose content a
 * `data:` or `about:` frame shows.
 */
export function frameOrigin(where: { url: string; origin: string }, pageOrigin: string): string {
  if (/^https?:\/\/[^/]+$/.test(where.origin)) return where.origin;
  try {
    const url = new URL(where.url);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not an address: the page's origin stands.
  }
  return pageOrigin;
}
