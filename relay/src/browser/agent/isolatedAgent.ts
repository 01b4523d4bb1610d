/**
 * Runs the in-page agent (agentSource.ts) in an isolated world of a page's main frame, through
 * the Chrome DevTools Protocol: playwright-core offers isolated worlds only that way. The world
 * shares the page's DOM but not its JavaScript, so a page that replaces `Element.prototype`
 * methods or `document.querySelectorAll` changes nothing the agent uses.
 *
 * The world is created on first use (`Page.createIsolatedWorld`) and the agent installed in it;
 * a navigation to a new document destroys it, and the next call creates it again. Calls go
 * through `Runtime.callFunctionOn` with the world's context, answers come back by value.
 *
 * Input: `act` does not click, type, press or wheel. When every check passes it answers what the
 * driver is to send (`clickAt`, `hoverAt`, `wheelAt`, `typePlan`, `keyReady`), and the driver
 * sends it through the browser's own input (driver/pages/pageInput.ts), so the page gets trusted
 * events; it then reports the effect itself.
 *
 * Reports from the page (the recorder's events, the watch's presses of the person) come through
 * bindings that exist in the agent's world only, so the page can neither send nor read them.
 */
import { randomUUID } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';
import { AGENT_SOURCE } from './agentSource.js';
import type {
  ActArgs,
  ActResult,
  AgentError,
  AgentMethod,
  CheckArgs,
  CheckResult,
  DescribeArgs,
  DescribeResult,
  GateSignals,
  QueryArgs,
  QueryResult,
  SnapshotArgs,
  SnapshotResult,
  StyleArgs,
  StyleResult,
} from './agentTypes.js';

const METHODS: ReadonlySet<string> = new Set<AgentMethod>([
  'snapshot',
  'act',
  'query',
  'check',
  'describe',
  'style',
  'gateSignals',
  'recordArm',
  'recordDisarm',
  'finishType',
  'scrollPosition',
  'watchArm',
  'watchDisarm',
  'frameOwners',
  'where',
]);

/** The methods that change nothing in the page, safe to ask again of a new document. */
const READS: ReadonlySet<string> = new Set<AgentMethod>([
  'snapshot',
  'query',
  'check',
  'describe',
  'gateSignals',
  'frameOwners',
  'where',
]);

/** An act or style whose document was replaced while it was being sent. */
export class AgentWorldLostError extends Error {
  constructor(method: string) {
    super(`the page's document changed during the agent's ${method}`);
    this.name = 'AgentWorldLostError';
  }
}

/** The name of the agent's world in each document. */
export const AGENT_WORLD = 'vmark-agent';

/**
 * Calls the agent's method with JSON arguments, in the isolated world. Execution context ids are
 * not unique across renderer processes, so a stale id could name another world after a
 * navigation: the call first checks the world's key, a random value only our world was given,
 * which a page cannot read or forge.
 */
const CALL =
  'function (method, args, key) {' +
  " if (globalThis.__vmarkAgentKey !== key) throw new Error('vmark agent world lost');" +
  ' return globalThis.__vmarkAgent[method](args); }';

/** Hands a kept frame owner out by reference, for the DevTools protocol to name its frame. */
const OWNER =
  'function (token, index, key) {' +
  " if (globalThis.__vmarkAgentKey !== key) throw new Error('vmark agent world lost');" +
  ' return globalThis.__vmarkAgent.frameOwner(token, index); }';

/** Asks the agent about a frame's owner element, which is `this`. */
const ON_OWNER =
  'function (args, key) {' +
  " if (globalThis.__vmarkAgentKey !== key) throw new Error('vmark agent world lost');" +
  ' return globalThis.__vmarkAgent.frameHit(this, args); }';

/** A frame below the main one: the session of the process it lives in, and its id there. */
export interface FrameTarget {
  session: () => Promise<CDPSession>;
  frameId: string;
}

/** A report through a binding; the frames of one process share a session, and so its events. */
interface BindingCall {
  name: string;
  payload: string;
  executionContextId?: number;
}

interface World {
  contextId: number;
  key: string;
}

interface FrameTree {
  frameTree: { frame: { id: string } };
}
interface CallAnswer {
  result: { value?: unknown; description?: string };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** The world is gone (the document was replaced) or the agent is not in it. */
function worldLost(message: string): boolean {
  return /Cannot find context|context was destroyed|vmark agent world lost/i.test(message);
}

/**
 * Installs the agent and yields the world's key: the one it already has (the same world is
 * found again after a same-document navigation), else `key`.
 */
function installer(key: string): string {
  const descriptor = `{ value: ${JSON.stringify(key)} }`;
  return (
    `${AGENT_SOURCE} && (Object.prototype.hasOwnProperty.call(globalThis, '__vmarkAgentKey') ` +
    `|| Object.defineProperty(globalThis, '__vmarkAgentKey', ${descriptor}), ` +
    'globalThis.__vmarkAgentKey)'
  );
}

/** The binding through which the armed recorder reports, in the agent's world only. */
export const RECORD_BINDING = '__vmarkRecord';
/** The longest report taken from the recorder; anything longer is dropped. */
const MAX_RECORD_PAYLOAD = 4_096;
/** The binding through which the armed watch reports the person's presses (agentWatch.ts). */
export const WATCH_BINDING = '__vmarkWatch';

export class IsolatedAgent {
  private session: Promise<CDPSession> | null = null;
  private world: Promise<World> | null = null;
  private readonly onNavigated: (frame: unknown) => void;
  private recorder: { onEvent: (json: string) => void; off: () => void } | null = null;
  private watcher: { onInput: () => void; off: () => void } | null = null;
  /** The agent's world in the current document, whose reports are this agent's. */
  private contextId: number | null = null;
  /** Watch starts and stops, one after another: a stop still on its way never undoes a start. */
  private watchOps: Promise<void> = Promise.resolve();

  /**
   * The agent of the page's main frame; or, with `target`, of a frame inside it, which follows
   * its documents by finding its world gone (frameAgents.ts).
   */
  constructor(
    private readonly page: Page,
    private readonly target?: FrameTarget,
  ) {
    this.onNavigated = (frame) => {
      if (frame !== this.page.mainFrame()) return;
      this.world = null;
      // A new document has a new world: the recorder is armed in it again.
      if (this.recorder) void this.call('recordArm').catch(() => undefined);
      if (this.watcher) void this.call('watchArm').catch(() => undefined);
    };
    if (!target) page.on('framenavigated', this.onNavigated);
  }

  /**
   * Arms the recorder in this document and in every later one, until `stopRecording`. Each
   * report reaches `onEvent` as the JSON the page-side part wrote (agentRecord.ts).
   */
  async startRecording(onEvent: (json: string) => void): Promise<void> {
    if (this.recorder) {
      // Already recording: armed again, in case the document is a new one.
      this.recorder.onEvent = onEvent;
      const armed = (await this.call('recordArm')) as { armed?: boolean };
      if (armed?.armed !== true) throw new Error('the recorder did not start again');
      return;
    }
    const session = await this.cdp();
    const listener = (event: BindingCall) => {
      if (event.name !== RECORD_BINDING || typeof event.payload !== 'string') return;
      if (!this.ownContext(event)) return;
      if (event.payload.length > MAX_RECORD_PAYLOAD) return;
      this.recorder?.onEvent(event.payload);
    };
    session.on('Runtime.bindingCalled', listener);
    this.recorder = { onEvent, off: () => session.off('Runtime.bindingCalled', listener) };
    await session.send('Runtime.enable');
    await session.send('Runtime.addBinding', {
      name: RECORD_BINDING,
      executionContextName: AGENT_WORLD,
    });
    // The world may predate the binding: a fresh one gets it.
    this.world = null;
    const armed = (await this.call('recordArm')) as { armed?: boolean; error?: string };
    if (armed?.armed !== true) {
      await this.stopRecording();
      throw new Error(`the recorder did not start: ${armed?.error ?? 'no answer'}`);
    }
  }

  async stopRecording(): Promise<void> {
    const recorder = this.recorder;
    if (!recorder) return;
    this.recorder = null;
    recorder.off();
    await this.call('recordDisarm').catch(() => undefined);
    const session = await this.cdp();
    await session.send('Runtime.removeBinding', { name: RECORD_BINDING }).catch(() => undefined);
  }

  /**
   * Arms the watch in this document and in every later one, until `stopWatching`: each trusted
   * press of a pointer or key in the page calls `onInput` (agentWatch.ts). Called while already
   * watching, it only changes who is told.
   */
  startWatching(onInput: () => void): Promise<void> {
    return this.watchStep(async () => {
      if (this.watcher) {
        this.watcher.onInput = onInput;
        // Armed again, in case the document is a new one.
        await this.call('watchArm');
        return;
      }
      const session = await this.cdp();
      const listener = (event: BindingCall) => {
        if (!this.ownContext(event)) return;
        if (event.name === WATCH_BINDING && typeof event.payload === 'string') {
          this.watcher?.onInput();
        }
      };
      session.on('Runtime.bindingCalled', listener);
      this.watcher = { onInput, off: () => session.off('Runtime.bindingCalled', listener) };
      await session.send('Runtime.enable');
      // A binding named for the agent's world reaches the world already there and every later one.
      await session.send('Runtime.addBinding', {
        name: WATCH_BINDING,
        executionContextName: AGENT_WORLD,
      });
      const armed = (await this.call('watchArm')) as { armed?: boolean; error?: string };
      if (armed?.armed !== true) {
        await this.unwatch();
        throw new Error(`the watch did not start: ${armed?.error ?? 'no answer'}`);
      }
    });
  }

  stopWatching(): Promise<void> {
    return this.watchStep(() => this.unwatch());
  }

  private watchStep(step: () => Promise<void>): Promise<void> {
    const next = this.watchOps.then(step);
    this.watchOps = next.catch(() => undefined);
    return next;
  }

  private async unwatch(): Promise<void> {
    const watcher = this.watcher;
    if (!watcher) return;
    this.watcher = null;
    watcher.off();
    await this.call('watchDisarm').catch(() => undefined);
    const session = await this.cdp();
    await session.send('Runtime.removeBinding', { name: WATCH_BINDING }).catch(() => undefined);
  }

  /** A report from this agent's world, not from another frame's sharing the session. */
  private ownContext(event: BindingCall): boolean {
    return event.executionContextId === undefined || event.executionContextId === this.contextId;
  }

  /**
   * Calls `globalThis.__vmarkAgent[method](args)` in the isolated world; answers its JSON. When
   * the world was lost (the document was replaced under the call), a read is asked again of the
   * new document; an act or style is not, and fails with an `AgentWorldLostError`: it was meant
   * for the document that went away.
   */
  async call(method: AgentMethod, args?: object): Promise<unknown> {
    if (!METHODS.has(method)) throw new Error(`unknown agent method ${String(method)}`);
    try {
      return await this.callOnce(method, args ?? {});
    } catch (error) {
      if (!worldLost(String((error as Error).message))) throw error;
      this.world = null;
      if (!READS.has(method)) throw new AgentWorldLostError(method);
      return this.callOnce(method, args ?? {});
    }
  }

  snapshot(args: SnapshotArgs): Promise<SnapshotResult | AgentError> {
    return this.call('snapshot', args) as Promise<SnapshotResult | AgentError>;
  }

  act(args: ActArgs): Promise<ActResult | AgentError> {
    return this.call('act', args) as Promise<ActResult | AgentError>;
  }

  query(args: QueryArgs): Promise<QueryResult | AgentError> {
    return this.call('query', args) as Promise<QueryResult | AgentError>;
  }

  check(args: CheckArgs): Promise<CheckResult | AgentError> {
    return this.call('check', args) as Promise<CheckResult | AgentError>;
  }

  describe(args: DescribeArgs): Promise<DescribeResult | AgentError> {
    return this.call('describe', args) as Promise<DescribeResult | AgentError>;
  }

  style(args: StyleArgs): Promise<StyleResult | AgentError> {
    return this.call('style', args) as Promise<StyleResult | AgentError>;
  }

  gateSignals(): Promise<GateSignals> {
    return this.call('gateSignals') as Promise<GateSignals>;
  }

  /**
   * The frame id of the owner at `index` of the walk named by `token` (a snapshot's or
   * `frameOwners`'), or null when it is gone or shows no document.
   */
  async frameIdAt(token: number, index: number): Promise<string | null> {
    const session = await this.cdp();
    const { contextId, key } = await this.currentWorld();
    const answer = (await session.send('Runtime.callFunctionOn', {
      functionDeclaration: OWNER,
      executionContextId: contextId,
      arguments: [{ value: token }, { value: index }, { value: key }],
      returnByValue: false,
    })) as CallAnswer & { result: { objectId?: string } };
    const objectId = answer.result.objectId;
    if (answer.exceptionDetails || !objectId) return null;
    try {
      const described = (await session.send('DOM.describeNode', { objectId })) as {
        node: { frameId?: string };
      };
      return described.node.frameId ?? null;
    } finally {
      await session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
    }
  }

  /**
   * `frameHit` on the element that holds the frame `frameId` in this document: the point of
   * the frame's viewport in this one's, or why the frame cannot take it.
   */
  async hitOwner(frameId: string, point: { x: number; y: number }): Promise<unknown> {
    const session = await this.cdp();
    const { contextId, key } = await this.currentWorld();
    const owner = (await session.send('DOM.getFrameOwner', { frameId })) as {
      backendNodeId: number;
    };
    const resolved = (await session.send('DOM.resolveNode', {
      backendNodeId: owner.backendNodeId,
      executionContextId: contextId,
    })) as { object: { objectId?: string } };
    const objectId = resolved.object.objectId;
    if (!objectId) throw new Error('the frame has no element in its parent');
    try {
      const answer = (await session.send('Runtime.callFunctionOn', {
        functionDeclaration: ON_OWNER,
        objectId,
        arguments: [{ value: point }, { value: key }],
        returnByValue: true,
      })) as CallAnswer;
      if (answer.exceptionDetails) {
        const details = answer.exceptionDetails;
        throw new Error(`agent frameHit failed: ${details.exception?.description ?? details.text}`);
      }
      return answer.result.value;
    } finally {
      await session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
    }
  }

  /** The CDP session this agent's frame lives in (its frames in the same process share it). */
  sessionOf(): Promise<CDPSession> {
    return this.cdp();
  }

  /** Stops following the page and closes the CDP session (the page itself is left alone). */
  async dispose(): Promise<void> {
    this.page.off('framenavigated', this.onNavigated);
    this.recorder?.off();
    this.recorder = null;
    this.watcher?.off();
    this.watcher = null;
    this.world = null;
    const session = this.session;
    this.session = null;
    if (session) await session.then((s) => s.detach()).catch(() => undefined);
  }

  private async callOnce(method: string, args: object): Promise<unknown> {
    const session = await this.cdp();
    const { contextId, key } = await this.currentWorld();
    const answer = (await session.send('Runtime.callFunctionOn', {
      functionDeclaration: CALL,
      executionContextId: contextId,
      arguments: [{ value: method }, { value: args }, { value: key }],
      returnByValue: true,
      awaitPromise: true,
    })) as CallAnswer;
    if (answer.exceptionDetails) {
      const details = answer.exceptionDetails;
      throw new Error(`agent ${method} failed: ${details.exception?.description ?? details.text}`);
    }
    return answer.result.value;
  }

  private cdp(): Promise<CDPSession> {
    // A frame's session may change as the frame moves between processes: asked each time.
    if (this.target) return this.target.session();
    if (!this.session) {
      const pending = this.page.context().newCDPSession(this.page);
      this.session = pending;
      pending.catch(() => {
        if (this.session === pending) this.session = null;
      });
    }
    return this.session;
  }

  /** The isolated world's context in the current document, created and furnished if needed. */
  private currentWorld(): Promise<World> {
    if (!this.world) {
      const pending = this.createWorld();
      this.world = pending;
      pending.catch(() => {
        if (this.world === pending) this.world = null;
      });
    }
    return this.world;
  }

  private async createWorld(): Promise<World> {
    const session = await this.cdp();
    const frameId =
      this.target?.frameId ??
      ((await session.send('Page.getFrameTree')) as FrameTree).frameTree.frame.id;
    const world = (await session.send('Page.createIsolatedWorld', {
      frameId,
      worldName: AGENT_WORLD,
      grantUniveralAccess: false,
    })) as { executionContextId: number };
    const installed = (await session.send('Runtime.evaluate', {
      expression: installer(randomUUID()),
      contextId: world.executionContextId,
      returnByValue: true,
    })) as CallAnswer;
    const key = installed.result.value;
    if (installed.exceptionDetails || typeof key !== 'string') {
      const details = installed.exceptionDetails;
      throw new Error(
        `the agent did not install: ${details?.exception?.description ?? details?.text}`,
      );
    }
    this.contextId = world.executionContextId;
    return { contextId: world.executionContextId, key };
  }
}
