/**
 * The part of a long document not shown yet, parsed in the background a time slice at a time.
 *
 * The text of that part is one hidden group (no nodes, written back verbatim) until its nodes are
 * shown. Its top-level chunks are found once (not again for every slice), slices parse whole
 * batches for about `SLICE_MS`, and the nodes parsed are shown in growing steps (each time about
 * a third of what is shown already, at least `MIN_SHOW_CHARS`): showing nodes costs the editor
 * time for every node it holds, so showing after every slice would cost the square of the size.
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import type { SourceGroup } from '../../wysiwyg/blockMerge';
import { splitTopLevelBlocks } from '../../markdown/blocks';
import { parseChunks, type Pipeline, type Span } from './milkdownDoc';

/** A slice parses batches for about this long (at least one batch), then yields to typing. */
export const SLICE_MS = 12;
/** Parsed nodes are shown once they hold this much text, or a third of what is shown already. */
export const MIN_SHOW_CHARS = 24_000;

export class TailLoad {
  /** The parsed groups not shown yet, in order. */
  private parsed: SourceGroup<ProseNode>[] = [];
  private parsedChars = 0;

  /**
   * `group` is the hidden group whose source is `origin` from `chunks[next].start` on; `chunks`
   * are the top-level chunks of `origin` (found here when not given).
   */
  constructor(
    readonly group: SourceGroup<ProseNode>,
    private readonly origin: string = group.source,
    private readonly chunks: readonly Span[] = splitTopLevelBlocks(group.source),
    private next = 0,
  ) {}

  /** Whether every chunk is parsed. */
  get done(): boolean {
    return this.next >= this.chunks.length;
  }

  /** Parses batches until `SLICE_MS` have passed (by `now`) or nothing is left. */
  step(pipeline: Pipeline, definitions: string, now: () => number): void {
    const start = now();
    do {
      const more = parseChunks(this.origin, this.chunks, this.next, pipeline, 1, definitions);
      for (const g of more.groups) {
        this.parsed.push(g);
        this.parsedChars += g.source.length;
      }
      this.next = more.next;
    } while (!this.done && now() - start < SLICE_MS);
  }

  /** Whether the parsed nodes should be shown now, with `shownChars` of text shown already. */
  ready(shownChars: number): boolean {
    return this.done || this.parsedChars >= Math.max(MIN_SHOW_CHARS, shownChars / 3);
  }

  /** The parsed groups to show, and the loader of what is left (null when nothing is). */
  take(): { groups: SourceGroup<ProseNode>[]; chars: number; rest: TailLoad | null } {
    const groups = this.parsed;
    const chars = this.parsedChars;
    this.parsed = [];
    this.parsedChars = 0;
    if (this.done) return { groups, chars, rest: null };
    const group = { source: this.origin.slice(this.chunks[this.next].start), nodes: [] };
    return { groups, chars, rest: new TailLoad(group, this.origin, this.chunks, this.next) };
  }
}
