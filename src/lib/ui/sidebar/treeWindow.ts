/** Which rows of a long file tree are in the DOM: those in view, plus some on either side. */

/** Every row of the tree has this height (px), so a row's place is its index times it. */
export const ROW_HEIGHT = 24;
/** A list of this many rows or fewer is rendered whole. */
export const RENDER_ALL = 300;
/** Rows rendered above and below the visible ones, so a short scroll shows no gap. */
export const OVERSCAN = 40;

/**
 * The rows [start, end) to render of `count`, when the visible part of the scroller begins `top`
 * px below the list's top (negative: the list begins below the visible top) and is `height` tall.
 */
export function windowOf(count: number, top: number, height: number) {
  if (count <= RENDER_ALL) return { start: 0, end: count };
  const first = Math.floor(top / ROW_HEIGHT) - OVERSCAN;
  const last = Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN;
  const start = Math.min(Math.max(0, first), count);
  return { start, end: Math.max(start, Math.min(count, last)) };
}

/** The scrollTop that brings the row at `y..y+ROW_HEIGHT` (scroll content px) into view. */
export function scrollToShow(y: number, scrollTop: number, viewHeight: number): number {
  if (y < scrollTop) return y;
  if (y + ROW_HEIGHT > scrollTop + viewHeight) return y + ROW_HEIGHT - viewHeight;
  return scrollTop;
}
