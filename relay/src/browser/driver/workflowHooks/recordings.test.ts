import { describe, expect, it } from 'vitest';
import { parseWorkflow } from '#shared/browserWorkflow/parser.js';
import {
  CAUSED_WITHIN_MS,
  DRAIN_MS,
  PAGE_EVENT_CAP,
  Recordings,
  SESSION_EVENT_CAP,
  parseReport,
} from './recordings.js';

const click = (name: string) => JSON.stringify({ type: 'click', role: 'button', name });

function clock() {
  let t = 1_000_000;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}

describe('Recordings', () => {
  it('starts with the page the tab shows, and stops with a workflow that parses', () => {
    const c = clock();
    const r = new Recordings(c.now);
    r.start('t1', 'https://blog.example/new?draft=7', 'blog');
    r.report(
      't1',
      JSON.stringify({ type: 'type', role: 'textbox', name: 'Title', sensitive: false }),
    );
    r.report('t1', click('Save'));
    const out = r.stop('t1');
    expect(out).toMatchObject({ inputs: ['title'], eventCount: 3, capped: false });
    expect(out?.source).toContain('1. action: navigate to https://blog.example/new\n');
    expect(parseWorkflow(out!.source).ok).toBe(true);
    expect(r.stop('t1')).toBeNull();
  });

  it('a navigation right after a click is its effect; a later one is a step', () => {
    const c = clock();
    const r = new Recordings(c.now);
    r.start('t1', 'https://a.example/', undefined);
    r.report('t1', click('Next'));
    c.tick(200);
    r.navigated('t1', 'https://a.example/step2');
    c.tick(CAUSED_WITHIN_MS + 1);
    r.navigated('t1', 'https://a.example/elsewhere');
    const steps = r
      .stop('t1')!
      .source.split('\n')
      .filter((l) => /^\d+\./.test(l));
    expect(steps).toEqual([
      '1. action: navigate to https://a.example/',
      '2. action: click "Next" (button)',
      '3. action: navigate to https://a.example/elsewhere',
    ]);
  });

  it(`keeps the newest ${PAGE_EVENT_CAP} reports of a page between two drains, never the start page`, () => {
    const c = clock();
    const r = new Recordings(c.now);
    r.start('t1', 'https://a.example/', undefined);
    // A flood within one drain: the oldest of it go, the page it started on stays.
    for (let i = 0; i < PAGE_EVENT_CAP + 50; i++) r.report('t1', click(`B${i}`));
    const flood = r.stop('t1')!;
    expect(flood).toMatchObject({ eventCount: PAGE_EVENT_CAP + 1, capped: false });
    expect(flood.source).toContain('1. action: navigate to https://a.example/\n');
    expect(flood.source).toContain('2. action: click "B50" (button)\n');
    expect(flood.source).toContain('"B249"');
    expect(flood.source).not.toContain('"B49"');

    // The same number of reports spread over drains: all kept.
    r.start('t1', 'https://a.example/', undefined);
    for (let i = 0; i < PAGE_EVENT_CAP + 50; i++) {
      r.report('t1', click(`S${i}`));
      if (i % 100 === 99) c.tick(DRAIN_MS);
    }
    const spread = r.stop('t1')!;
    expect(spread).toMatchObject({ eventCount: PAGE_EVENT_CAP + 51, capped: false });
    expect(spread.source).toContain('"S0"');
  });

  it(`keeps the first ${SESSION_EVENT_CAP} events of a recording and says it is capped`, () => {
    const c = clock();
    const r = new Recordings(c.now);
    r.start('t1', 'https://a.example/', undefined);
    for (let page = 0; page < 6; page++) {
      for (let i = 0; i < 190; i++) r.report('t1', click(`P${page}-${i}`));
      c.tick(CAUSED_WITHIN_MS + 1);
      r.navigated('t1', `https://a.example/p${page}`);
    }
    const out = r.stop('t1')!;
    expect(out).toMatchObject({ capped: true, eventCount: SESSION_EVENT_CAP });
    // 1 start page + 5 × (190 clicks + 1 navigation) = 956, then 44 clicks of the sixth page.
    expect(out.source).toContain('"P5-43"');
    expect(out.source).not.toContain('"P5-44"');
    expect(out.source).not.toContain('https://a.example/p5');

    // Under the cap, nothing is said to be capped.
    r.start('t1', 'https://a.example/', undefined);
    for (let i = 0; i < SESSION_EVENT_CAP - 1; i++) {
      r.report('t1', click(`U${i}`));
      if (i % 150 === 149) c.tick(DRAIN_MS);
    }
    expect(r.stop('t1')).toMatchObject({ capped: false, eventCount: SESSION_EVENT_CAP });
  });

  it('takes only well-formed reports from the page, and never a navigation', () => {
    expect(parseReport('not json')).toBeNull();
    expect(
      parseReport(JSON.stringify({ type: 'navigate', url: 'https://evil.example/' })),
    ).toBeNull();
    expect(parseReport(JSON.stringify({ type: 'click', role: 5, name: 'x' }))).toBeNull();
    expect(
      parseReport(JSON.stringify({ type: 'type', role: 'textbox', name: 'x', value: 'secret' })),
    ).toEqual({
      type: 'type',
      role: 'textbox',
      name: 'x',
      sensitive: false,
    });
    const r = new Recordings();
    r.report('t9', click('nobody records this'));
    expect(r.stop('t9')).toBeNull();
  });
});
