import { describe, expect, it } from 'vitest';
import { OVERSCAN, RENDER_ALL, ROW_HEIGHT, scrollToShow, windowOf } from './treeWindow';

describe('windowOf', () => {
  it('renders a short list whole, wherever it is', () => {
    expect(windowOf(RENDER_ALL, 50_000, 600)).toEqual({ start: 0, end: RENDER_ALL });
    expect(windowOf(0, 0, 600)).toEqual({ start: 0, end: 0 });
  });

  it('renders the visible rows of a long list and some on either side', () => {
    const r = windowOf(10_000, 1000 * ROW_HEIGHT, 20 * ROW_HEIGHT);
    expect(r).toEqual({ start: 1000 - OVERSCAN, end: 1020 + OVERSCAN });
  });

  it('starts at the top when the list begins below the visible top', () => {
    expect(windowOf(10_000, -300, 600)).toEqual({
      start: 0,
      end: Math.ceil(300 / ROW_HEIGHT) + OVERSCAN,
    });
  });

  it('stays inside the list at its end and past it', () => {
    expect(windowOf(10_000, 9990 * ROW_HEIGHT, 600).end).toBe(10_000);
    const past = windowOf(10_000, 20_000 * ROW_HEIGHT, 600);
    expect(past.start).toBeLessThanOrEqual(past.end);
    expect(past.end).toBe(10_000);
  });
});

describe('scrollToShow', () => {
  it('scrolls up to a row above the view, down to one below, not at all for one in it', () => {
    expect(scrollToShow(100, 500, 300)).toBe(100);
    expect(scrollToShow(900, 500, 300)).toBe(900 + ROW_HEIGHT - 300);
    expect(scrollToShow(600, 500, 300)).toBe(500);
  });
});
