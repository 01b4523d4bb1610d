/**
 * Reading a page with frames: every document's agent asked in turn, their answers joined in page
 * order, the frames' refs marked with their frame's number (`f2e5`, frameRefs.ts). A page with
 * no frame never comes here: its own agent answers alone, as it always did.
 */
import type { QueryElement, SnapshotResult } from '../../agent/agentTypes.js';
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import { agentCall } from '../agentCalls.js';
import { isResult, type Tab } from '../core.js';
import { frameRef, parseRef } from './frameRefs.js';
import { fail } from '../results.js';

/** The most nodes asked of one document's agent: a read of a page with frames is whole. */
const DOCUMENT_NODES = 20_000;
/** The most elements a query answers, over all documents (as the agent's own cap). */
const MAX_QUERY_ELEMENTS = 50;

/** Every node of the page and its frames that passes the filters, in page order. */
export type Composed = Omit<SnapshotResult, 'frames'>;

const blocks = (r: DriverResult) => !r.ok && r.error === 'DIALOG_OPEN';

/** The page's nodes with each frame's nodes in the frame's place. */
export async function composedSnapshot(
  tab: Tab,
  args: { generation: number; role?: string; nameContains?: string },
): Promise<Composed | DriverResult> {
  const out: Composed = {
    nodes: [],
    total: 0,
    clipped: [],
    exhausted: false,
    unreachable: { frames: 0, closedShadowRoots: 0 },
  };
  const visit = async (n: number): Promise<DriverResult | null> => {
    const agent = tab.frames.agentOf(n);
    if (!agent) return null;
    const call = { ...args, offset: 0, limit: DOCUMENT_NODES, frames: true };
    const snap = await agentCall(tab, 'snapshot', call, agent);
    if (isResult(snap)) {
      if (n === 0 || blocks(snap)) return snap;
      out.unreachable.frames++;
      return null;
    }
    const answer = snap as unknown as SnapshotResult;
    out.exhausted ||= answer.exhausted;
    out.unreachable.closedShadowRoots += answer.unreachable.closedShadowRoots;
    out.unreachable.frames += answer.unreachable.frames;
    // Nodes past the window are counted, though a read of a page with frames cannot reach them.
    out.total += answer.total - answer.nodes.length;
    const clipped = new Set(answer.clipped);
    const at = answer.frames?.at ?? [];
    let f = 0;
    for (let i = 0; i <= answer.nodes.length; i++) {
      for (; f < at.length && at[f] === i; f++) {
        const entry = await tab.frames.at(n, answer.frames!.token, f, args.generation);
        if (!entry) out.unreachable.frames++;
        else {
          const refused = await visit(entry.n);
          if (refused) return refused;
        }
      }
      if (i === answer.nodes.length) break;
      const node = answer.nodes[i];
      if (clipped.has(i)) out.clipped.push(out.nodes.length);
      out.nodes.push(n === 0 ? node : { ...node, ref: frameRef(n, node.ref) });
      out.total++;
    }
    return null;
  };
  const refused = await visit(0);
  return refused ?? out;
}

/** The answer's refs (its `ref`, its candidates') as the model sees them: with the frame's mark. */
export function markRefs(answer: Record<string, unknown>, n: number): void {
  if (n === 0) return;
  if (typeof answer.ref === 'string') answer.ref = frameRef(n, answer.ref);
  if (Array.isArray(answer.candidates)) {
    for (const c of answer.candidates as { ref?: unknown }[]) {
      if (typeof c.ref === 'string') c.ref = frameRef(n, c.ref);
    }
  }
}

/**
 * The document a ref names (0: the page's own; else a frame's number) and its ref there, or the
 * refusal of a frame no read of this page listed.
 */
export function refTarget(
  tab: Tab,
  ref: string,
  generation: number,
): { n: number; local: string } | DriverResult {
  const parsed = parseRef(ref);
  if (!parsed) return fail('INVALID_ARGUMENT', `"${ref.slice(0, 40)}" is not a ref (e5, f2e5).`);
  if (parsed.frame === null) return { n: 0, local: parsed.local };
  if (!tab.frames.entry(parsed.frame, generation)) {
    return fail(
      'STALE_REF',
      `Frame f${parsed.frame} is not on the page as last read (it is gone or was never listed); read again.`,
    );
  }
  return { n: parsed.frame, local: parsed.local };
}

/**
 * The document that holds the target of a role and a name: the page's own when it has one,
 * else the first frame in page order that has one, else the page's own (which then finds none).
 */
export async function documentOf(
  tab: Tab,
  target: { role?: string; name?: string },
  generation: number,
): Promise<number | DriverResult> {
  if (!tab.frames.any()) return 0;
  const args = { generation, role: target.role, name: target.name };
  const own = await agentCall(tab, 'check', args);
  if (isResult(own)) return own;
  if (own.matched === true) return 0;
  const { frames } = await tab.frames.list(generation);
  for (const entry of frames) {
    const there = await agentCall(tab, 'check', args, entry.agent);
    if (isResult(there)) {
      if (blocks(there)) return there;
      continue;
    }
    if (there.matched === true) return entry.n;
  }
  return 0;
}

/**
 * `wait_for`'s check over the page and its frames: a ref in its own document; a role or a text
 * in the page's own document first, then in each frame.
 */
export async function checkAcross(
  tab: Tab,
  args: { generation: number; ref?: string; role?: string; name?: string; text?: string },
): Promise<Record<string, unknown> | DriverResult> {
  if (args.ref !== undefined) {
    const target = refTarget(tab, args.ref, args.generation);
    if (isResult(target)) return target;
    const agent = tab.frames.agentOf(target.n);
    if (!agent) return { matched: false };
    const answer = await agentCall(tab, 'check', { ...args, ref: target.local }, agent);
    if (!isResult(answer)) markRefs(answer, target.n);
    return answer;
  }
  const own = await agentCall(tab, 'check', args);
  if (isResult(own) || own.matched === true || !tab.frames.any()) return own;
  const { frames } = await tab.frames.list(args.generation);
  for (const entry of frames) {
    const answer = await agentCall(tab, 'check', args, entry.agent);
    if (isResult(answer)) {
      if (blocks(answer)) return answer;
      continue;
    }
    if (answer.matched === true) {
      markRefs(answer, entry.n);
      return answer;
    }
  }
  return own;
}

/** `query` over the page and its frames; a frame's boxes are in its own viewport. */
export async function queryAcross(
  tab: Tab,
  args: { selector: string; generation: number; fields?: unknown },
): Promise<Record<string, unknown> | DriverResult> {
  const own = await agentCall(tab, 'query', args);
  if (isResult(own) || !tab.frames.any()) return own;
  let count = Number(own.count ?? 0);
  let truncated = own.truncated === true;
  const elements = [...((own.elements as QueryElement[]) ?? [])];
  const { frames } = await tab.frames.list(args.generation);
  for (const entry of frames) {
    const answer = await agentCall(tab, 'query', args, entry.agent);
    if (isResult(answer)) {
      if (blocks(answer)) return answer;
      continue;
    }
    count += Number(answer.count ?? 0);
    truncated ||= answer.truncated === true;
    for (const el of (answer.elements as QueryElement[]) ?? []) {
      elements.push({ ...el, ref: frameRef(entry.n, el.ref) });
    }
  }
  if (elements.length > MAX_QUERY_ELEMENTS) truncated = true;
  return { count, truncated, elements: elements.slice(0, MAX_QUERY_ELEMENTS) };
}
