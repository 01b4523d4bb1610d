/**
 * What the driver reads from a page without the agent, through the page's own CDP session:
 * pictures (a JPEG of the viewport, downscaled only) and scripts run in a fresh isolated world
 * (the page's DOM and storage, none of its JavaScript).
 */
import type { CDPSession } from 'playwright-core';

/** The widest screenshot, in CSS pixels; wider viewports are scaled down, never up. */
export const MAX_SHOT_WIDTH = 1600;
export const THUMBNAIL_WIDTH = 320;
const WORLD = 'vmark-driver';

interface Viewport {
  pageX: number;
  pageY: number;
  clientWidth: number;
  clientHeight: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A JPEG of what the viewport shows, at most `maxWidth` wide; base64 and its size. */
export async function captureJpeg(
  cdp: CDPSession,
  maxWidth = MAX_SHOT_WIDTH,
  quality = 70,
): Promise<{ base64: string; width: number; height: number }> {
  const metrics = (await cdp.send('Page.getLayoutMetrics')) as { cssVisualViewport: Viewport };
  const v = metrics.cssVisualViewport;
  const scale = Math.min(1, maxWidth / Math.max(1, v.clientWidth));
  const shot = (await withTimeout(
    cdp.send('Page.captureScreenshot', {
      format: 'jpeg',
      quality,
      clip: { x: v.pageX, y: v.pageY, width: v.clientWidth, height: v.clientHeight, scale },
    }),
    10_000,
    'the screenshot',
  )) as { data: string };
  return {
    base64: shot.data,
    width: Math.round(v.clientWidth * scale),
    height: Math.round(v.clientHeight * scale),
  };
}

export class ScriptError extends Error {}

/**
 * Evaluates `expression` in a new isolated world of the main frame and answers its value (a
 * promise is awaited). A throw in the script is a ScriptError with the script's message.
 */
export async function evaluateIsolated(
  cdp: CDPSession,
  expression: string,
  timeoutMs = 10_000,
): Promise<unknown> {
  const tree = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const world = (await cdp.send('Page.createIsolatedWorld', {
    frameId: tree.frameTree.frame.id,
    worldName: WORLD,
    grantUniveralAccess: false,
  })) as { executionContextId: number };
  const answer = (await withTimeout(
    cdp.send('Runtime.evaluate', {
      expression,
      contextId: world.executionContextId,
      returnByValue: true,
      awaitPromise: true,
    }),
    timeoutMs,
    'the script',
  )) as {
    result: { value?: unknown; type?: string };
    exceptionDetails?: { text?: string; exception?: { description?: string } };
  };
  if (answer.exceptionDetails) {
    const d = answer.exceptionDetails;
    throw new ScriptError((d.exception?.description ?? d.text ?? 'error').split('\n', 1)[0]);
  }
  return answer.result.value ?? null;
}
