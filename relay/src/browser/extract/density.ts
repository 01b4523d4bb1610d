/**
 * Finding the main content by paragraph mass.
 *
 * One pass over the tree gives every element its text length, the part of it inside links, and its
 * *mass*: the text of the paragraph-like blocks in it that reads as prose — a block's own text (not
 * in a nested block) counts when it is at least 25 characters and less than half of it is link text,
 * and then only its non-link part. Headings add nothing; so do elements named like boilerplate
 * (comments, sharing, related stories, ads…), so a long comment thread cannot pull the choice away
 * from the article.
 *
 * The main content is then found by descent: from `<body>`, step into the child that holds at least
 * `DOMINANT` of the current element's mass, and stop where no child does — the element whose
 * children share the prose between them — or where stepping in would leave a substantial block of
 * prose behind (an intro set apart from the body). Inside it, link lists and small boilerplate are
 * pruned.
 */
import { attr, BLOCKS } from './nodes.js';

export interface Stats {
  /** Whitespace-collapsed text length. */
  text: number;
  /** The part of `text` inside links. */
  link: number;
  /** Prose mass, with boilerplate-named elements counted as zero. */
  mass: number;
  /** Prose mass counting everything. */
  raw: number;
  /** Holds an image or a code block. */
  media: boolean;
  /** The largest single block of prose in it. */
  top: number;
}

/** A child holding this share of its parent's mass is where the content is. */
export const DOMINANT = 0.65;
const MIN_BLOCK = 25;
/** A block of prose this long beside the dominant child keeps the descent from leaving it behind. */
const SUBSTANTIAL = 400;
const MEDIA = new Set(['img', 'pre', 'picture']);

const NOISE =
  /comment|disqus|share|sharing|social|related|recommend|promo|sponsor|advert|(?:^|[\s_-])ads?(?:$|[\s_-])|banner|cookie|newsletter|subscribe|signup|sidebar|widget|breadcrumb|pagination|popular|trending|outbrain|taboola|masthead|footer|menu|toolbar|byline|meta-?data|tags/i;
const PROSE = /article|story|entry|post-?body|main|content|text/i;

/** Whether an element's class or id names it as boilerplate rather than prose. */
export function noisy(el: Element): boolean {
  if (el.localName === 'article' || el.localName === 'main' || el.localName === 'body')
    return false;
  const names = `${attr(el, 'class') ?? ''} ${attr(el, 'id') ?? ''}`;
  if (names.trim() === '' || !NOISE.test(names)) return false;
  return /comment|disqus/i.test(names) || !PROSE.test(names);
}

function textLength(data: string): number {
  const trimmed = data.trim();
  return trimmed === '' ? 0 : trimmed.replace(/\s+/g, ' ').length + 1;
}

interface Loose {
  text: number;
  link: number;
}

function measureInto(el: Element, inLink: boolean, out: Map<Element, Stats>, loose: Loose): Stats {
  const link = inLink || el.localName === 'a';
  const stats: Stats = {
    text: 0,
    link: 0,
    mass: 0,
    raw: 0,
    media: MEDIA.has(el.localName),
    top: 0,
  };
  const own: Loose = { text: 0, link: 0 };
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      const n = textLength((child as Text).data);
      stats.text += n;
      own.text += n;
      if (link) {
        stats.link += n;
        own.link += n;
      }
    } else if (child.nodeType === 1) {
      const inner = measureInto(child as Element, link, out, own);
      stats.text += inner.text;
      stats.link += inner.link;
      stats.mass += inner.mass;
      stats.raw += inner.raw;
      stats.media ||= inner.media;
      if (!noisy(child as Element)) stats.top = Math.max(stats.top, inner.top);
    }
  }
  if (BLOCKS.has(el.localName)) {
    if (!/^h[1-6]$/.test(el.localName) && own.text >= MIN_BLOCK && own.link * 2 < own.text) {
      stats.mass += own.text - own.link;
      stats.raw += own.text - own.link;
      stats.top = Math.max(stats.top, own.text - own.link);
    }
  } else {
    // Inline content belongs to the nearest block around it.
    loose.text += own.text;
    loose.link += own.link;
  }
  if (noisy(el)) stats.mass = 0;
  out.set(el, stats);
  return stats;
}

/** Text, link text and mass of `root` and every element in it. */
export function measure(root: Element): Map<Element, Stats> {
  const out = new Map<Element, Stats>();
  measureInto(root, false, out, { text: 0, link: 0 });
  return out;
}

/** Elements the descent never steps into: a single block of prose is not a container of prose. */
const LEAVES = new Set([
  'p',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dd',
  'dt',
  'figure',
  'figcaption',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** Children that look alike (same tag and class) are parts of one run of content. */
function signature(el: Element): string {
  return `${el.localName}.${(attr(el, 'class') ?? '').trim().split(/\s+/).sort().join('.')}`;
}

/**
 * The element holding the page's prose, found by descent from `root`: children are grouped by
 * signature, and the descent steps into a dominant group only when it is a single element — an
 * article cut into look-alike sections stays whole.
 */
export function pickMain(root: Element, stats: Map<Element, Stats>): Element {
  let node = root;
  for (;;) {
    const mass = stats.get(node)?.mass ?? 0;
    if (mass === 0) return node;
    const groups = new Map<string, { mass: number; members: Element[] }>();
    for (let child = node.firstElementChild; child; child = child.nextElementSibling) {
      const m = stats.get(child)?.mass ?? 0;
      if (m === 0) continue;
      const key = signature(child);
      const group = groups.get(key) ?? { mass: 0, members: [] };
      group.mass += m;
      group.members.push(child);
      groups.set(key, group);
    }
    let best: { mass: number; members: Element[] } | null = null;
    for (const group of groups.values()) if (!best || group.mass > best.mass) best = group;
    if (!best || best.mass < DOMINANT * mass || best.members.length > 1) return node;
    const [child] = best.members;
    let restTop = 0;
    for (let other = node.firstElementChild; other; other = other.nextElementSibling) {
      if (other !== child && !noisy(other)) restTop = Math.max(restTop, stats.get(other)?.top ?? 0);
    }
    if (restTop >= SUBSTANTIAL) return node;
    if (LEAVES.has(child.localName)) return node;
    node = child;
  }
}

/** Elements that may be pruned as a whole list of links (never a single cell, item or paragraph). */
const CONTAINERS = new Set(['div', 'section', 'ul', 'ol', 'dl', 'table', 'menu', 'center']);

/** A part of the main element that is boilerplate: small, and named so or a list of links. */
function removable(el: Element, s: Stats, total: number): boolean {
  if (s.raw >= 0.3 * total) return false;
  const linkHeavy = s.link * 2 > s.text;
  // An image or code block outweighs a name: a figure "with shares" is still a figure.
  if (noisy(el)) return !s.media || linkHeavy;
  return s.text > 0 && linkHeavy && !s.media && s.raw === 0 && CONTAINERS.has(el.localName);
}

/** Removes link lists and boilerplate-named parts from inside the chosen main element. */
export function prune(main: Element, stats: Map<Element, Stats>): void {
  const total = stats.get(main)?.raw ?? 0;
  const visit = (el: Element) => {
    let child = el.firstElementChild;
    while (child) {
      const next = child.nextElementSibling;
      const s = stats.get(child);
      if (s && removable(child, s, total)) child.remove();
      else visit(child);
      child = next;
    }
  };
  visit(main);
}
