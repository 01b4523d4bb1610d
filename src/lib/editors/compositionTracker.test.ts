import { describe, expect, it } from 'vitest';
import { COMPOSITION_RENEW_MS } from '../collab/compositions';
import { CompositionTracker } from './compositionTracker';

function tracker() {
  const said: string[] = [];
  const turns: (() => void)[] = [];
  let clock = 0;
  const t = new CompositionTracker(
    {
      began: () => said.push('began'),
      renewed: () => said.push('renewed'),
      ended: () => said.push('ended'),
    },
    (run) => turns.push(run),
    () => clock,
  );
  const nextTurn = () => turns.splice(0).forEach((run) => run());
  return { t, said, nextTurn, advance: (ms: number) => (clock += ms) };
}

describe('CompositionTracker', () => {
  it('holds from compositionstart until the turn after compositionend', () => {
    const { t, said, nextTurn } = tracker();
    t.start();
    t.update();
    expect(said).toEqual(['began']);
    expect(t.holding).toBe(true);
    t.end();
    expect(said).toEqual(['began']);
    expect(t.holding).toBe(true);
    nextTurn();
    expect(said).toEqual(['began', 'ended']);
    expect(t.holding).toBe(false);
  });

  it('keeps holding across syllables committed as the next one begins (Korean)', () => {
    const { t, said, nextTurn } = tracker();
    t.start(); // 한
    t.end();
    t.start(); // 글, before the turn
    nextTurn();
    expect(said).toEqual(['began']);
    expect(t.holding).toBe(true);
    t.end();
    nextTurn();
    expect(said).toEqual(['began', 'ended']);
  });

  it('tells the core again while a long composition goes on', () => {
    const { t, said, advance } = tracker();
    t.start();
    advance(COMPOSITION_RENEW_MS - 1);
    t.update();
    expect(said).toEqual(['began']);
    advance(1);
    t.update();
    advance(1);
    t.update();
    expect(said).toEqual(['began', 'renewed']);
    advance(COMPOSITION_RENEW_MS);
    t.update();
    expect(said).toEqual(['began', 'renewed', 'renewed']);
  });

  it('an update without a start starts; an end without a start does nothing', () => {
    const { t, said, nextTurn } = tracker();
    t.end();
    nextTurn();
    expect(said).toEqual([]);
    t.update();
    expect(said).toEqual(['began']);
    t.end();
    t.end();
    nextTurn();
    expect(said).toEqual(['began', 'ended']);
  });

  it('a plain key while composing means the browser ended it without telling', () => {
    const { t, said, nextTurn } = tracker();
    t.start();
    t.key(true, 65);
    t.key(false, 229);
    nextTurn();
    expect(said).toEqual(['began']);
    t.key(false, 13);
    nextTurn();
    expect(said).toEqual(['began', 'ended']);
  });

  it('a view that goes away lets go at once, and only once', () => {
    const { t, said, nextTurn } = tracker();
    t.start();
    t.end();
    t.stop();
    nextTurn();
    t.stop();
    expect(said).toEqual(['began', 'ended']);
  });
});
