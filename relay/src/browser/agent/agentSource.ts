/**
 * The in-page agent as one source string, `AGENT_SOURCE`, evaluated once per document in an
 * isolated world (see isolatedAgent.ts). Evaluating it installs `globalThis.__vmarkAgent` (once;
 * a second evaluation changes nothing) and yields true.
 *
 * The agent is the parts below, each a function of the shared scope `A` that uses nothing but `A`
 * and the page's standard globals (see agentScope.ts), joined by their own source text. It
 * imports nothing at run time, so the same string comes out of tsc for the hub and of Vite.
 *
 * Methods, each taking and returning JSON (agentTypes.ts):
 * - `snapshot({generation, offset?, limit?, role?, nameContains?})` →
 *   `{nodes, total, clipped, exhausted, unreachable}`
 * - `act({operation, ref?, role?, name?, text?, dy?, generation})` → an act result; input that
 *   passes its checks (a click, a hover, typing, a key, a wheel) is left to the driver, which
 *   sends it through the browser's own input (agentAct.ts)
 * - `finishType({token})` → `{typed, reason?, detail?}` once the driver has typed
 * - `scrollPosition()` → `{position}` after the driver's wheel
 * - `query({selector, fields?, generation})` → `{count, truncated, elements}`
 * - `check({ref? | role (+name)? | text?, generation})` → `{matched, ref?}`
 * - `describe({ref, generation})` → `{found, role?, name?}`
 * - `style({ref? | selector?, set?, addClasses?, removeClasses?, injectCss?, generation})` →
 *   `{styled, injected?}`
 * - `gateSignals()` → `{url, title, textHead, challengeWidget, passwordField}`
 * - `recordArm()` / `recordDisarm()` → `{armed}`: what the person does goes to the hub while
 *   armed (agentRecord.ts)
 * - `watchArm()` / `watchDisarm()` → `{armed}`: the person's presses go to the hub while armed,
 *   during a workflow run (agentWatch.ts)
 * - `frameOwners()` → `{token, count}`, `frameOwner(token, index)` → the owner element, and
 *   `frameHit(owner, {x, y})` → a point of this viewport or a refusal: the driver's way into
 *   frames (agentFrames.ts); `where()` → `{url, origin}`
 * A malformed call answers `{error}`.
 */
import { actPart } from './agentAct.js';
import { domPart } from './agentDom.js';
import { framesPart } from './agentFrames.js';
import { perceivePart } from './agentPerceive.js';
import { queryPart } from './agentQuery.js';
import { recordPart } from './agentRecord.js';
import { refsPart } from './agentRefs.js';
import { rolesPart } from './agentRoles.js';
import type { AgentScope } from './agentScope.js';
import { textPart } from './agentText.js';
import { typePart } from './agentType.js';
import { watchPart } from './agentWatch.js';

/** Puts the agent's methods on the global object of the world it runs in. */
export function installPart(A: AgentScope): void {
  const api = Object.freeze({
    snapshot: A.snapshot,
    act: A.act,
    query: A.query,
    check: A.check,
    describe: A.describe,
    style: A.style,
    gateSignals: A.gateSignals,
    recordArm: A.recordArm,
    recordDisarm: A.recordDisarm,
    finishType: A.finishType,
    scrollPosition: A.scrollPosition,
    watchArm: A.watchArm,
    watchDisarm: A.watchDisarm,
    frameOwner: A.frameOwner,
    frameOwners: A.frameOwners,
    frameHit: A.frameHit,
    where: A.where,
  });
  Object.defineProperty(globalThis, '__vmarkAgent', { value: api, enumerable: false });
}

/** In order: each part may use the helpers of the parts before it when it is called. */
export const AGENT_PARTS: ReadonlyArray<(A: AgentScope) => void> = [
  textPart,
  domPart,
  rolesPart,
  refsPart,
  framesPart,
  perceivePart,
  typePart,
  actPart,
  queryPart,
  recordPart,
  watchPart,
  installPart,
];

export const AGENT_SOURCE: string =
  '(function () {\n' +
  "'use strict';\n" +
  "if (Object.prototype.hasOwnProperty.call(globalThis, '__vmarkAgent')) return true;\n" +
  'const A = {};\n' +
  AGENT_PARTS.map((part) => '(' + part.toString() + ')(A);\n').join('') +
  'return true;\n' +
  '})()';
