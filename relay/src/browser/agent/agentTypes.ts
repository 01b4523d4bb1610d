/**
 * The in-page agent's arguments and answers (types only), shared by the page-side parts, the
 * `IsolatedAgent` that calls them and the driver that reads their answers. Every value crosses
 * the page boundary as JSON. Field names follow the refusal vocabulary of the browser tools.
 */
import type { Modifiers } from '#shared/wire/driverProtocol.js';

/** Every method of `globalThis.__vmarkAgent`. */
export type AgentMethod =
  | 'snapshot'
  | 'act'
  | 'query'
  | 'check'
  | 'describe'
  | 'style'
  | 'gateSignals'
  | 'recordArm'
  | 'recordDisarm'
  | 'finishType'
  | 'scrollPosition'
  | 'watchArm'
  | 'watchDisarm'
  | 'frameOwners'
  | 'where';

/** A malformed call (a missing argument, an invalid selector, a stale generation for a read). */
export interface AgentError {
  error: string;
}

/** Which nodes a snapshot answers: a window of the nodes that pass the filters, in page order. */
export interface SnapshotArgs {
  generation: number;
  /** The index of the first node answered, among those that pass the filters (default 0). */
  offset?: number;
  /** The most nodes answered, 1 to 20,000 (default 10,000). */
  limit?: number;
  /** Only nodes of exactly this role. */
  role?: string;
  /** Only nodes whose (cut) name contains this, ignoring case; normalised as names are. */
  nameContains?: string;
  /** Keep the shown frames' owners and say where they sit (`frames` in the result). */
  frames?: boolean;
}

export interface SnapshotNode {
  role: string;
  /** The accessible name, normalised and cut to 200 characters. */
  name: string;
  ref: string;
  /** Headings. */
  level?: number;
  /** Checkboxes, radios, switches and checkable menu items. */
  checked?: boolean | 'mixed';
  disabled?: true;
  /** A file input, or a control that reaches one through its label: never actable. */
  upload?: true;
}

export interface SnapshotResult {
  /** The window asked for: at most `limit` nodes from `offset`. */
  nodes: SnapshotNode[];
  /** How many nodes pass the filters on the whole page (as far as the walk went). */
  total: number;
  /** Indexes in `nodes` of the names cut at 200 characters. */
  clipped: number[];
  /** The walk stopped at its budget of 200,000 elements: the rest of the page was not read. */
  exhausted: boolean;
  unreachable: { frames: number; closedShadowRoots: number };
  /**
   * The shown frames the walk passed, when asked for (`frames: true`): `at` is how many of the
   * listed nodes come before the frame; `token` names the owners for the driver (agentFrames.ts).
   */
  frames?: { token: number; at: number[] };
}

/** A point of a frame's viewport in its parent's, or why the frame cannot take it. */
export type FrameHit =
  | { x: number; y: number }
  | { reason: 'hidden' | 'offscreen' | 'obscured' | 'disabled'; by?: string; detail?: string };

export type ActOperation = 'click' | 'type' | 'scroll' | 'key' | 'hover';

export interface ActArgs {
  operation: ActOperation;
  generation: number;
  ref?: string;
  role?: string;
  name?: string;
  text?: string;
  dy?: number;
  key?: string;
  modifiers?: Modifiers;
}

export type ActReason =
  | 'obscured'
  | 'hidden'
  | 'ambiguous'
  | 'disabled'
  | 'offscreen'
  | 'upload'
  | 'no-such-option'
  | 'rejected-value'
  | 'readonly'
  | 'not-editable';

export interface ActCandidate {
  ref: string;
  /** `button.cls in form#id "hint"`: page data, for the model to tell the candidates apart. */
  text: string;
}

/**
 * What the driver types once the agent has focused a control: `text` over the selected content
 * (`clear`: there was content, so "" deletes it), or `key` pressed `presses` times in a select.
 * `token` names the typing for `finishType`.
 */
export interface TypePlan {
  token: string;
  text?: string;
  clear?: boolean;
  key?: 'ArrowDown' | 'ArrowUp';
  presses?: number;
}

/**
 * One act's answer. Input that passed every check is not performed by the agent: the answer
 * carries where or what the driver sends through the browser's own input (a viewport point in
 * CSS pixels for a click, a hover or a wheel; a typing plan; `keyReady` once the key's target
 * has focus), and the driver reports the effect (`clicked`, `typed`, …) itself.
 */
export interface ActResult {
  found: boolean;
  clicked?: boolean;
  typed?: boolean;
  scrolled?: boolean;
  pressed?: boolean;
  hovered?: boolean;
  clickAt?: { x: number; y: number };
  hoverAt?: { x: number; y: number };
  wheelAt?: { x: number; y: number };
  /** For a wheel: the scroll position before, to compare with `scrollPosition` after. */
  scrollFrom?: number;
  typePlan?: TypePlan;
  /** With a typing plan: the field's hit-tested point, for the checks of enclosing frames. */
  typeAt?: { x: number; y: number };
  keyReady?: boolean;
  matchedTotal: number;
  matchedVisible: number;
  /** The target's ref in the call's generation, when one was found. */
  ref?: string;
  reason?: ActReason;
  detail?: string;
  /** What covers the target (`div.cookie-banner`), for `obscured`. */
  by?: string;
  candidates?: ActCandidate[];
}

export interface QueryFields {
  attributes?: boolean;
  box?: boolean;
  styles?: string[];
}

export interface QueryArgs {
  selector: string;
  generation: number;
  fields?: QueryFields;
}

export interface QueryElement {
  ref: string;
  tag: string;
  /** Rendered text, whitespace collapsed, at most 500 characters. */
  text: string;
  attributes?: Record<string, string>;
  /** Viewport CSS pixels. */
  box?: { x: number; y: number; w: number; h: number };
  styles?: Record<string, string>;
}

export interface QueryResult {
  /** Matches among the elements visited. */
  count: number;
  /** More than 50 matches, or the 20,000-element visit budget ran out. */
  truncated: boolean;
  elements: QueryElement[];
}

/** One condition of `wait_for` (exactly one of ref, role, text). */
export interface CheckArgs {
  generation: number;
  ref?: string;
  role?: string;
  name?: string;
  text?: string;
}

export interface CheckResult {
  matched: boolean;
  ref?: string;
}

export interface DescribeArgs {
  ref: string;
  generation: number;
}

export interface DescribeResult {
  found: boolean;
  role?: string;
  name?: string;
}

export interface StyleArgs {
  generation: number;
  ref?: string;
  selector?: string;
  set?: Record<string, string>;
  addClasses?: string[];
  removeClasses?: string[];
  injectCss?: string;
}

export interface StyleResult {
  /** Elements changed by set/addClasses/removeClasses. */
  styled: number;
  /** A page-wide style sheet was added. */
  injected?: boolean;
}

export interface GateSignals {
  url: string;
  title: string;
  /** The first 4,000 characters of `document.body.innerText`. */
  textHead: string;
  challengeWidget: boolean;
  passwordField: boolean;
}

export interface FinishTypeArgs {
  token: string;
}

export interface FinishTypeResult {
  typed: boolean;
  reason?: ActReason;
  detail?: string;
}

/** What `globalThis.__vmarkAgent` offers in the isolated world. */
export interface AgentApi {
  snapshot(args: SnapshotArgs): SnapshotResult | AgentError;
  act(args: ActArgs): ActResult | AgentError;
  query(args: QueryArgs): QueryResult | AgentError;
  check(args: CheckArgs): CheckResult | AgentError;
  describe(args: DescribeArgs): DescribeResult | AgentError;
  style(args: StyleArgs): StyleResult | AgentError;
  gateSignals(): GateSignals;
  finishType(args: FinishTypeArgs): FinishTypeResult | AgentError;
  scrollPosition(): { position: number };
}
