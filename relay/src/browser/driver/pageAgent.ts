/**
 * The in-page agent as the driver's modules see it (types only), apart from the driver's core so
 * that the frame agents and the core both read it without importing each other.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { FrameTarget } from '../agent/isolatedAgent.js';
import type { GateSignals } from '../policy/gates.js';

/** The in-page agent of one tab (relay/src/browser/agent): JSON in, JSON out. */
export interface PageAgent {
  call(method: string, args?: object): Promise<unknown>;
  gateSignals(): Promise<GateSignals>;
  /** Arms the recorder in this document and the next ones; reports come to `onEvent` as JSON. */
  startRecording(onEvent: (json: string) => void): Promise<void>;
  stopRecording(): Promise<void>;
  /** Arms the watch for the person's presses, in this document and the next ones (agentWatch.ts). */
  startWatching(onInput: () => void): Promise<void>;
  stopWatching(): Promise<void>;
  /** The frame id of a kept frame owner (agentFrames.ts), or null. */
  frameIdAt(token: number, index: number): Promise<string | null>;
  /** The point of frame `frameId`'s viewport in this one's, or why the frame cannot take it. */
  hitOwner(frameId: string, point: { x: number; y: number }): Promise<unknown>;
  /** The DevTools session the agent's frame lives in. */
  sessionOf(): Promise<CDPSession>;
  dispose(): Promise<void>;
}

/** The agent of a page's main frame, or with `target` of a frame inside it. */
export type AgentFactory = (page: Page, target?: FrameTarget) => PageAgent;
