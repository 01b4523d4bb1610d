/**
 * Markdown for a DOM subtree. Blocks are joined by blank lines; inline runs between blocks become
 * paragraphs; two or more `<br>` in a row end a paragraph, one is a hard line break. Every piece of
 * page text is escaped (escape.ts), so the page can add words but never markdown structure.
 */
import { codeFence, escapeLineStart } from './escape.js';
import { type InlineContext, inlineNode, inlineOf, joinInline } from './inline.js';
import { attr, BLOCKS, isElement, isText, SKIPPED } from './nodes.js';
import { renderTable } from './table.js';

/** Splits assembled inline markdown into paragraphs and escapes the start of every line. */
function paragraphs(inline: string): string[] {
  const out: string[] = [];
  // Runs of spaces go first, so the splits below never rescan a long run.
  for (const chunk of inline.replace(/ {2,}/g, ' ').split(/ ?\n[ \n]*\n ?/)) {
    const lines = chunk
      .split(/ ?\n ?/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map(escapeLineStart);
    if (lines.length > 0) out.push(lines.join('\\\n'));
  }
  return out;
}

/** The text of a `<pre>`, with `<br>` and block children as line breaks. */
function preText(node: Node): string {
  let out = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (isText(child)) out += child.data;
    else if (isElement(child) && !SKIPPED.has(child.localName)) {
      if (child.localName === 'br') out += '\n';
      else {
        out += preText(child);
        if (BLOCKS.has(child.localName) && !out.endsWith('\n')) out += '\n';
      }
    }
  }
  return out;
}

function language(pre: Element): string {
  const code = pre.querySelector('code');
  const classes = `${attr(pre, 'class') ?? ''} ${(code ? attr(code, 'class') : null) ?? ''}`;
  return /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? '';
}

function codeBlock(pre: Element): string[] {
  const text = preText(pre).replace(/^\n/, '').trimEnd();
  if (text.trim() === '') return [];
  const fence = codeFence(text);
  return [`${fence}${language(pre)}\n${text}\n${fence}`];
}

/** Indents every line but the first by `width` spaces (list item continuation). */
function indent(text: string, width: number): string {
  const pad = ' '.repeat(width);
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}

function list(el: Element, ctx: InlineContext): string[] {
  const ordered = el.localName === 'ol';
  const start = Number(attr(el, 'start') ?? '1');
  let n = Number.isSafeInteger(start) && start >= 0 ? start : 1;
  const items: string[] = [];
  for (let child = el.firstChild; child; child = child.nextSibling) {
    const blocks = isElement(child)
      ? child.localName === 'li'
        ? blocksOf(child, ctx)
        : blockOf(child, ctx)
      : paragraphs(inlineNode(child, ctx));
    if (blocks.length === 0) continue;
    // Content that is not an <li> (a nested list written straight into the list) joins the item above.
    if (!(isElement(child) && child.localName === 'li') && items.length > 0) {
      const last = items.length - 1;
      items[last] += `\n${indent(blocks.join('\n\n'), 4).replace(/^/, '    ')}`;
      continue;
    }
    let body = blocks[0];
    for (let i = 1; i < blocks.length; i++) {
      body += /^(?:[-*+]|\d+\.) /.test(blocks[i]) ? `\n${blocks[i]}` : `\n\n${blocks[i]}`;
    }
    const marker = ordered ? `${n++}. ` : '- ';
    items.push(marker + indent(body, marker.length));
  }
  return items.length > 0 ? [items.join('\n')] : [];
}

function heading(el: Element, ctx: InlineContext): string[] {
  const text = inlineOf(el, ctx).replace(/\s+/g, ' ').trim();
  if (text === '') return [];
  // A trailing run of # (alone or after a space) would be read as the heading's closing sequence.
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  const closing = hashes < text.length && (hashes === 0 || text[hashes - 1] === ' ');
  const safe = closing ? `${text.slice(0, hashes)}\\${text.slice(hashes)}` : text;
  return [`${'#'.repeat(Number(el.localName[1]))} ${safe}`];
}

/** Markdown blocks for one block element. */
function blockOf(el: Element, ctx: InlineContext): string[] {
  const tag = el.localName;
  if (SKIPPED.has(tag)) return [];
  if (/^h[1-6]$/.test(tag)) return heading(el, ctx);
  switch (tag) {
    case 'hr':
      return ['---'];
    case 'pre':
      return codeBlock(el);
    case 'ul':
    case 'ol':
      return list(el, ctx);
    case 'table':
      return renderTable(el, (node) => blocksOf(node, ctx));
    case 'blockquote': {
      const inner = blocksOf(el, ctx).join('\n\n');
      if (inner === '') return [];
      return [inner.replace(/^/gm, '> ').replace(/^> $/gm, '>')];
    }
    default:
      return BLOCKS.has(tag) ? blocksOf(el, ctx) : paragraphs(inlineNode(el, ctx));
  }
}

/** Markdown blocks for the children of `node`. */
export function blocksOf(node: Node, ctx: InlineContext): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if (run !== '') out.push(...paragraphs(run));
    run = '';
  };
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (isElement(child) && BLOCKS.has(child.localName)) {
      flush();
      out.push(...blockOf(child, ctx));
    } else run = joinInline(run, inlineNode(child, ctx));
  }
  flush();
  return out;
}

/** The page URL as a base for links: scheme, host, port and path only. */
function baseFor(doc: Document | null, pageUrl: string): URL | null {
  let base: URL | null;
  try {
    base = new URL(pageUrl);
    base.username = '';
    base.password = '';
    base.search = '';
    base.hash = '';
  } catch {
    base = null;
  }
  const declared = doc?.querySelector('base[href]')?.getAttribute('href');
  if (declared) {
    try {
      return new URL(declared, base ?? undefined);
    } catch {
      return base;
    }
  }
  return base;
}

function headingLevel(block: string): number {
  const m = /^(#{1,6}) /.exec(block);
  return m ? m[1].length : 7;
}

/** Drops headings left with nothing under them (a section whose content was removed). */
function withoutEmptySections(blocks: string[]): string[] {
  const kept: string[] = [];
  for (let i = blocks.length - 1; i >= 0; i--) {
    const level = headingLevel(blocks[i]);
    if (level <= 6 && (kept.length === 0 || headingLevel(kept[kept.length - 1]) <= level)) continue;
    kept.push(blocks[i]);
  }
  // A page of headings alone keeps them: they are all it has.
  return kept.length > 0 ? kept.reverse() : blocks;
}

/** Markdown for `root` and everything in it; relative URLs resolve against `pageUrl`. */
export function toMarkdown(root: Element, pageUrl: string): string {
  const ctx: InlineContext = { base: baseFor(root.ownerDocument, pageUrl) };
  return withoutEmptySections(blocksOf(root, ctx)).join('\n\n');
}
