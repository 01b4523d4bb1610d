/**
 * The helpers the agent's parts share inside the page (types only).
 *
 * The agent is several functions, each `xxxPart(A)`, joined into one source string. A part may
 * use only its argument `A` and the page's standard globals: its text is copied into the page,
 * so a reference to anything else in its module would be undefined there. Parts put their
 * helpers on `A` and reach each other's through it.
 */
import type {
  ActArgs,
  ActResult,
  AgentError,
  CheckArgs,
  CheckResult,
  DescribeArgs,
  DescribeResult,
  FinishTypeArgs,
  FinishTypeResult,
  GateSignals,
  QueryArgs,
  QueryResult,
  SnapshotArgs,
  SnapshotResult,
  StyleArgs,
  StyleResult,
  TypePlan,
  FrameHit,
} from './agentTypes.js';

export interface RoleInfo {
  role: string;
  level?: number;
}

/**
 * What typing did to a control (the act adds found and the counts), or, with `plan`, what the
 * driver is to type into it now that it has focus.
 */
export interface TypeOutcome {
  typed: boolean;
  reason?: ActResult['reason'];
  detail?: string;
  plan?: TypePlan;
}

export interface AgentScope {
  // agentText
  /** NFC, format characters (`\p{Cf}`) removed, whitespace collapsed and trimmed. */
  norm(text: string): string;
  /** At most `max` code points. */
  clip(text: string, max: number): string;
  /** `tag.class1.class2`, only `[A-Za-z0-9_-]` kept, at most 64 characters. */
  describeEl(el: Element): string;
  /** `button.cls in form#id "hint"`: the element, its container and nearby text. */
  contextOf(el: Element, name: string): string;
  /** `backgroundColor` → `background-color`; custom properties unchanged. */
  kebab(prop: string): string;

  // agentDom
  /** The parent in the composed tree: the assigned slot, the parent, or a shadow root's host. */
  parentOf(node: Node): Element | null;
  /** `inner` is `outer` or inside it in the composed tree. */
  within(inner: Node, outer: Node): boolean;
  /**
   * Visits elements in composed order (the element, its open shadow tree, its light children).
   * `visit` returning false skips the element's subtree. Stops after `budget` elements.
   */
  walk(
    root: Element,
    budget: number,
    visit: (el: Element) => boolean | void,
  ): { exhausted: boolean };
  /** The innermost element at a viewport point, through open shadow roots. */
  deepFromPoint(x: number, y: number): Element | null;
  /**
   * What covers `el` at a hit point, named by its outermost element that does not hold `el`: the
   * outermost positioned one (a fixed banner, not the paragraph in it), else the outermost.
   */
  coverOf(hit: Element, el: Element): Element;
  /** The element with focus, through open shadow roots. */
  deepActive(): Element | null;
  /** Inside an `inert` subtree, or `pointer-events: none`. */
  inert(el: Element): boolean;
  /** Not marked hidden (`hidden`, `aria-hidden`), visibly rendered, with a box a person can see. */
  rendered(el: Element): boolean;
  /** For the snapshot walk: this element's whole subtree is hidden. */
  prunes(el: Element, style: CSSStyleDeclaration): boolean;
  /** For the snapshot walk, once the ancestors passed `prunes`: the element itself shows. */
  showsSelf(el: Element): boolean;
  /** A rendered custom element that shows nothing of its light content and has no open root. */
  closedHost(el: Element): boolean;

  // agentRoles
  roleOf(el: Element): RoleInfo | null;
  /** The accessible name, normalised, not cut. */
  nameOf(el: Element, role: string): string;
  checkedOf(el: Element, role: string): boolean | 'mixed' | undefined;
  disabled(el: Element): boolean;
  /** A file input, or an element that reaches one through a label. */
  reachesFile(el: Element): boolean;

  // agentRefs
  /** A non-negative integer. */
  validGeneration(generation: unknown): boolean;
  /** The generation is the page's current one or newer (a newer one starts a new store). */
  fresh(generation: number): boolean;
  /** The element's ref in this generation (minted if new); null for an older generation. */
  refOf(el: Element, generation: number): string | null;
  /** The element a ref names in this generation, if it is still in the document. */
  resolve(ref: string, generation: number): Element | null;

  // agentPerceive
  snapshot(args: SnapshotArgs): SnapshotResult | AgentError;
  /** Every element with this role (any role if none given) and exactly this (cut) name. */
  matchAll(role: string | undefined, name: string | undefined): Element[];
  check(args: CheckArgs): CheckResult | AgentError;
  describe(args: DescribeArgs): DescribeResult | AgentError;

  // agentAct
  act(args: ActArgs): ActResult | AgentError;
  /** The scroll position (document and the last wheel's scroller) after the driver's wheel. */
  scrollPosition(): { position: number };

  // agentType
  typeInto(el: Element, text: string): TypeOutcome;
  finishType(args: FinishTypeArgs): FinishTypeResult | AgentError;

  // agentQuery
  query(args: QueryArgs): QueryResult | AgentError;
  style(args: StyleArgs): StyleResult | AgentError;
  gateSignals(): GateSignals;
  // agentRecord
  /** Whether a name, id or label reads as a secret (password, token, one-time code …). */
  secretText(text: string): boolean;
  /** Whether a field looks secret; once it did, it always does. */
  secretField(el: Element): boolean;
  /** Fields whose content is typed (text-like inputs, text areas, selects). */
  isTextEntry(el: Element): boolean;
  recordArm(): { armed: boolean } | AgentError;
  recordDisarm(): { armed: boolean };
  // agentFrames
  isFrameOwner(el: Element): boolean;
  /** Keeps a walk's frame owners; the token names them for `frameOwner`. */
  keepOwners(owners: Element[]): number;
  frameOwner(token: number, index: number): Element | null;
  /** The shown frame owners of the document, kept under a token. */
  frameOwners(): { token: number; count: number };
  /** A point of the frame's viewport in this one's, in view and hit-tested (agentFrames.ts). */
  frameHit(el: Element, args: { x: number; y: number }): FrameHit | AgentError;
  where(): { url: string; origin: string };
  // agentWatch
  watchArm(): { armed: boolean } | AgentError;
  watchDisarm(): { armed: boolean };
}
