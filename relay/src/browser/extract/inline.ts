/**
 * Inline markdown: text, emphasis, code spans, links and images. Text is escaped here; line starts
 * are escaped later, once a paragraph's lines are known. A `<br>` comes out as a newline, the only
 * newline inline output ever holds.
 */
import { codeSpan, escapeText, linkDestination } from './escape.js';
import { attr, BLOCKS, collapse, isElement, isText, SKIPPED } from './nodes.js';

export interface InlineContext {
  /** The base for relative URLs: the page's URL without userinfo, query or fragment. */
  base: URL | null;
  strong?: boolean;
  em?: boolean;
  link?: boolean;
}

/** An absolute http(s) (or, for links, mailto) URL for `raw`, or null; never credentials. */
export function resolveUrl(
  raw: string | null,
  ctx: InlineContext,
  allowMail = false,
): string | null {
  const value = raw?.trim();
  if (!value || value.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(value, ctx.base ?? undefined);
  } catch {
    return null;
  }
  const schemes = allowMail ? ['http:', 'https:', 'mailto:'] : ['http:', 'https:'];
  if (!schemes.includes(url.protocol)) return null;
  url.username = '';
  url.password = '';
  return url.href;
}

/** Splits `text` into its leading whitespace, its middle and its trailing whitespace. */
export function edges(text: string): [string, string, string] {
  const start = text.length - text.trimStart().length;
  const middle = text.trim();
  return [text.slice(0, start), middle, text.slice(start + middle.length)];
}

/** Wraps the non-blank middle of `inner` in `marker`, keeping its edge whitespace outside. */
function wrap(marker: string, inner: string): string {
  const [lead, middle, trail] = edges(inner);
  return middle === '' ? inner : `${lead}${marker}${middle}${marker}${trail}`;
}

/** The URL of an image, preferring a real source over a lazy-loading placeholder. */
function imageSource(img: Element, ctx: InlineContext): string | null {
  const candidates = [
    attr(img, 'src'),
    attr(img, 'data-src'),
    attr(img, 'data-original'),
    attr(img, 'data-lazy-src'),
    (attr(img, 'srcset') ?? attr(img, 'data-srcset'))?.trim().split(/\s+/)[0] ?? null,
  ];
  for (const candidate of candidates) {
    const url = resolveUrl(candidate, ctx);
    if (url) return url;
  }
  return null;
}

function image(img: Element, ctx: InlineContext): string {
  const src = imageSource(img, ctx);
  if (!src) return '';
  const alt = escapeText(collapse(attr(img, 'alt') ?? '').trim());
  return `![${alt}](${linkDestination(src)})`;
}

function link(a: Element, ctx: InlineContext): string {
  const inner = inlineOf(a, { ...ctx, link: true }).replace(/\n/g, ' ');
  const url = ctx.link ? null : resolveUrl(attr(a, 'href'), ctx, true);
  const text = inner.trim();
  if (!url || text === '') return inner;
  return inner.replace(text, () => `[${text}](${linkDestination(url)})`);
}

function element(el: Element, ctx: InlineContext): string {
  const tag = el.localName;
  if (SKIPPED.has(tag)) return '';
  switch (tag) {
    case 'br':
      return '\n';
    case 'img':
      return image(el, ctx);
    case 'a':
      return link(el, ctx);
    case 'strong':
    case 'b':
      return ctx.strong ? inlineOf(el, ctx) : wrap('**', inlineOf(el, { ...ctx, strong: true }));
    case 'em':
    case 'i':
      return ctx.em ? inlineOf(el, ctx) : wrap('*', inlineOf(el, { ...ctx, em: true }));
    case 'code':
    case 'kbd':
    case 'samp':
    case 'tt': {
      const [lead, middle, trail] = edges(collapse(el.textContent ?? ''));
      return middle === '' ? lead + trail : `${lead}${codeSpan(middle)}${trail}`;
    }
    case 'del':
    case 's':
    case 'strike':
      return wrap('~~', inlineOf(el, ctx));
    default: {
      const inner = inlineOf(el, ctx);
      // A block met inside inline content (a <div> in a link) still separates words.
      return BLOCKS.has(tag) ? ` ${inner} ` : inner;
    }
  }
}

/** Inline markdown for one node. */
export function inlineNode(node: Node, ctx: InlineContext): string {
  if (isText(node)) return escapeText(collapse(node.data));
  if (isElement(node)) return element(node, ctx);
  return '';
}

/**
 * Appends inline markdown to inline markdown. Page text ending in `!` right before a link of ours
 * would turn the link into an image, so that `!` is escaped; two code spans side by side would
 * merge their backtick fences, so a space parts them.
 */
export function joinInline(before: string, after: string): string {
  if (before.endsWith('!') && after.startsWith('[')) return `${before.slice(0, -1)}\\!${after}`;
  if (before.endsWith('`') && after.startsWith('`')) return `${before} ${after}`;
  return before + after;
}

/** Inline markdown for the children of `node`, concatenated. */
export function inlineOf(node: Node, ctx: InlineContext): string {
  let out = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    out = joinInline(out, inlineNode(child, ctx));
  }
  return out;
}
