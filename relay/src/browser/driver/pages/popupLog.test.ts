import { describe, expect, it } from 'vitest';
import { PopupLog } from './popupLog.js';

describe('popup log', () => {
  it('reports the last popup announced since the mark, not older ones', async () => {
    const log = new PopupLog();
    log.announced('https://a.example/old');
    const mark = await log.mark();
    expect(log.latestSince(mark)).toBeUndefined();
    log.announced('https://a.example/one');
    log.announced('https://a.example/two?k=1');
    expect(log.latestSince(mark)).toBe('https://a.example/two?k=1');
  });

  it('claims an announced popup’s first request once, by address without the fragment', () => {
    const log = new PopupLog();
    log.announced('https://a.example/p?x=1#top');
    expect(log.claim('https://a.example/other')).toBe(false);
    expect(log.claim('https://a.example/p?x=1')).toBe(true);
    expect(log.claim('https://a.example/p?x=1')).toBe(false);
  });

  it('is settled once every popup since the mark has been closed', async () => {
    const log = new PopupLog();
    const mark = await log.mark();
    log.announced('https://a.example/one');
    log.announced('https://a.example/two');
    let settled = false;
    const waiting = log.settled(mark, 60_000).then(() => (settled = true));
    log.closed('https://a.example/one');
    await Promise.resolve();
    expect(settled).toBe(false);
    log.closed('chrome-error://chromewebdata/');
    await waiting;
    expect(settled).toBe(true);
    // Closing the announced ones added nothing: the addresses reported are the announced ones.
    expect(log.latestSince(mark)).toBe('https://a.example/two');
  });

  it('gives up waiting at the bound when a popup never appears', async () => {
    const log = new PopupLog();
    const mark = await log.mark();
    log.announced('https://a.example/never');
    await log.settled(mark, 5);
    expect(log.latestSince(mark)).toBe('https://a.example/never');
  });

  it('records a popup it was never told about by the address it committed, but not a blank one', async () => {
    const log = new PopupLog();
    const mark = await log.mark();
    log.closed('about:blank');
    expect(log.latestSince(mark)).toBeUndefined();
    log.closed('https://frame.example/ad');
    expect(log.latestSince(mark)).toBe('https://frame.example/ad');
  });

  it('keeps marks meaningful after forgetting old popups', async () => {
    const log = new PopupLog();
    for (let i = 0; i < 40; i++) {
      log.announced(`https://a.example/${i}`);
      log.closed('about:blank');
    }
    const mark = await log.mark();
    expect(mark).toBe(40);
    expect(log.latestSince(mark)).toBeUndefined();
    log.announced('https://a.example/new');
    expect(log.latestSince(mark)).toBe('https://a.example/new');
    expect(log.latestSince(mark - 1)).toBe('https://a.example/new');
  });
});
