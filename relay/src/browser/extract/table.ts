/**
 * Tables: a simple grid (every cell paragraphs of inline content, no nested table) becomes a GFM
 * table with its first row as the header; anything else — layout tables, cells holding lists or
 * several paragraphs — is written cell by cell as ordinary blocks.
 */
import { attr } from './nodes.js';
/** Renders a node's content as markdown blocks (supplied by the block writer). */
export type RenderBlocks = (node: Node) => string[];

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of Array.from(table.children)) {
    if (child.localName === 'tr') rows.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(child.localName)) {
      for (const row of Array.from(child.children)) if (row.localName === 'tr') rows.push(row);
    }
  }
  return rows;
}

function cellsOf(row: Element): Element[] {
  return Array.from(row.children).filter((c) => c.localName === 'td' || c.localName === 'th');
}

function span(cell: Element): number {
  const n = Number(attr(cell, 'colspan') ?? '1');
  return Number.isInteger(n) && n > 1 ? Math.min(n, 50) : 1;
}

/** Whether a cell's markdown fits on one line once its hard breaks become spaces. */
function oneLine(block: string): boolean {
  return !block.replace(/\\\n/g, ' ').includes('\n');
}

/** A cell's markdown as one table cell: its paragraphs and hard breaks joined by spaces, every `|` escaped. */
function cellText(blocks: string[]): string {
  return blocks
    .join(' ')
    .replace(/\\\n/g, ' ')
    .replace(/(?<!\\)\|/g, '\\|');
}

export function renderTable(table: Element, render: RenderBlocks): string[] {
  const out: string[] = [];
  const caption = Array.from(table.children).find((c) => c.localName === 'caption');
  if (caption) out.push(...render(caption));
  const rows = rowsOf(table).map((row) =>
    cellsOf(row).map((cell) => ({ cell, blocks: render(cell) })),
  );
  const width = rows.reduce(
    (w, r) =>
      Math.max(
        w,
        r.reduce((n, c) => n + span(c.cell), 0),
      ),
    0,
  );
  const grid =
    rows.length >= 2 &&
    width >= 2 &&
    attr(table, 'role') !== 'presentation' &&
    !table.querySelector('table') &&
    rows.every((r) => r.every((c) => c.blocks.every(oneLine)));
  if (!grid) {
    for (const row of rows) for (const c of row) out.push(...c.blocks);
    return out;
  }
  const lines = rows.map((row) => {
    const cells: string[] = [];
    for (const c of row) {
      cells.push(cellText(c.blocks));
      for (let i = 1; i < span(c.cell); i++) cells.push('');
    }
    while (cells.length < width) cells.push('');
    return `| ${cells.join(' | ')} |`;
  });
  lines.splice(1, 0, `|${' --- |'.repeat(width)}`);
  out.push(lines.join('\n'));
  return out;
}
