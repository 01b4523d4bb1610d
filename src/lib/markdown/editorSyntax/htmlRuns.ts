/**
 * Which top-level blocks form one HTML element. CommonMark ends an HTML block at a blank line, so
 * `<details>` with markdown inside parses as an HTML block, the markdown blocks and a closing
 * HTML block. The editor shows such a run as one block; this module finds the runs.
 */

/** The part of an mdast node this module reads. */
export interface FlowNode {
  type: string;
  value?: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/** A run of siblings `[from, to]` (inclusive) that one element spans. */
export interface HtmlRun {
  from: number;
  to: number;
}

/** Elements that never have a closing tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

const OPENING = /^[ \t]{0,3}<([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/;

/** The name of the element an HTML block starts with, when it has closing tags. */
export function leadingElement(html: string): string | null {
  const m = OPENING.exec(html);
  if (!m) return null;
  const name = m[1].toLowerCase();
  return VOID.has(name) ? null : name;
}

function escapeName(name: string): string {
  return name.replace(/-/g, '\\-');
}

/** Opening minus closing tags of element `name` in `html` (self-closing tags count as neither). */
export function elementBalance(html: string, name: string): number {
  const tag = new RegExp(`<(/?)${escapeName(name)}(?=[\\s/>]|$)([^>]*)>?`, 'gi');
  let balance = 0;
  for (const m of html.matchAll(tag)) {
    if (m[1] === '/') balance--;
    else if (!m[2].trimEnd().endsWith('/')) balance++;
  }
  return balance;
}

function hasOffsets(n: FlowNode): boolean {
  return n.position?.start.offset !== undefined && n.position?.end.offset !== undefined;
}

/**
 * The runs of siblings that start with an HTML block leaving an element open and end with the
 * HTML block that closes it. Blocks in between may be anything; an element never closed makes no
 * run, and neither does a run whose nodes lack source offsets.
 */
export function htmlRuns(children: readonly FlowNode[]): HtmlRun[] {
  const runs: HtmlRun[] = [];
  for (let i = 0; i < children.length; i++) {
    const first = children[i];
    if (first.type !== 'html' || first.value === undefined) continue;
    const name = leadingElement(first.value);
    if (!name) continue;
    let balance = elementBalance(first.value, name);
    if (balance <= 0) continue;
    let end = -1;
    for (let j = i + 1; j < children.length; j++) {
      const n = children[j];
      if (n.type !== 'html' || n.value === undefined) continue;
      balance += elementBalance(n.value, name);
      if (balance <= 0) {
        end = j;
        break;
      }
    }
    if (end < 0 || !children.slice(i, end + 1).every(hasOffsets)) continue;
    runs.push({ from: i, to: end });
    i = end;
  }
  return runs;
}

/**
 * Replaces each run with one node of type `type` whose value is the run's exact source text
 * (`source` is the text the offsets point into). Gives the new list of children.
 */
export function mergeHtmlRuns<N extends FlowNode>(
  children: readonly N[],
  source: string,
  make: (value: string, first: N, last: N) => N,
): N[] {
  const runs = htmlRuns(children);
  if (runs.length === 0) return [...children];
  const out: N[] = [];
  let at = 0;
  for (const { from, to } of runs) {
    out.push(...children.slice(at, from));
    const first = children[from];
    const last = children[to];
    const value = source.slice(first.position?.start.offset, last.position?.end.offset);
    out.push(make(value, first, last));
    at = to + 1;
  }
  out.push(...children.slice(at));
  return out;
}

/**
 * Follows blocks' source texts, in order, to tell whether an element is still open after them
 * (as `htmlRuns` would see it, taking each text that starts with a tag for an HTML block): the
 * blocks that follow should then be parsed together with them.
 */
export class OpenElement {
  private name: string | null = null;
  private balance = 0;

  get open(): boolean {
    return this.name !== null;
  }

  add(text: string): void {
    if (!/^[ \t]{0,3}</.test(text)) return;
    if (this.name !== null) {
      this.balance += elementBalance(text, this.name);
      if (this.balance <= 0) this.name = null;
      return;
    }
    const opened = leadingElement(text);
    const balance = opened ? elementBalance(text, opened) : 0;
    if (opened && balance > 0) {
      this.name = opened;
      this.balance = balance;
    }
  }
}

/** Whether an element is still open after blocks with these texts (see `OpenElement`). */
export function leavesElementOpen(texts: Iterable<string>): boolean {
  const tracker = new OpenElement();
  for (const text of texts) tracker.add(text);
  return tracker.open;
}
