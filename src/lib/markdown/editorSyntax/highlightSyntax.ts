/**
 * Highlight (`==text==`) as markdown syntax: a micromark extension that finds it, and the
 * mdast-util-from-markdown and -to-markdown extensions that turn it into a `highlight` node (with
 * phrasing children) and back. DOM-free.
 *
 * The rules (docs/editor.md, "Rich blocks"):
 * - A marker is a run of exactly two `=`. A run of one, three or more is text, as is `\==`.
 * - An opening `==` is followed by a character that is not white space; a closing one follows a
 *   character that is not white space (`== a ==` is text). Unlike `*`, punctuation next to a
 *   marker does not matter, so `中文==「重點」==文字` and `a==b==c` are highlights inside words.
 * - A closing marker pairs with the nearest opening one before it in the same paragraph (or
 *   heading, or cell). Markup inside (emphasis, code, links) works, and a highlight can be inside
 *   them. Code spans, autolinks and raw HTML come first: `==` inside them is text.
 */
import type { Highlight, Parent, PhrasingContent } from 'mdast';
import type {
  CompileContext,
  Extension as FromMarkdownExtension,
  Token as MdastToken,
} from 'mdast-util-from-markdown';
import type { Handle, Options as ToMarkdownExtension, Unsafe } from 'mdast-util-to-markdown';
import type {
  Code,
  Construct,
  Event,
  Extension,
  Resolver,
  State,
  Token,
  TokenizeContext,
  Tokenizer,
} from 'micromark-util-types';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    highlight: 'highlight';
    highlightSequence: 'highlightSequence';
    highlightSequenceTemporary: 'highlightSequenceTemporary';
    highlightText: 'highlightText';
  }
}

declare module 'mdast' {
  interface Highlight extends Parent {
    type: 'highlight';
    children: PhrasingContent[];
  }
  interface PhrasingContentMap {
    highlight: Highlight;
  }
  interface RootContentMap {
    highlight: Highlight;
  }
}

declare module 'mdast-util-to-markdown' {
  interface ConstructNameMap {
    highlight: 'highlight';
  }
}

const EQUALS = 61;

/** micromark's codes: negative ones are tabs, virtual spaces and line endings; null the end. */
function isWhiteSpace(code: Code): boolean {
  if (code === null || code < 0 || code === 32) return true;
  return /^[\s\p{Zs}]$/u.test(String.fromCodePoint(code));
}

/** Runs the resolvers of `constructs` over `events` (each resolver once). */
function resolveWith(
  constructs: readonly Pick<Construct, 'resolveAll'>[],
  events: Event[],
  context: TokenizeContext,
): Event[] {
  const done = new Set<Resolver>();
  let out = events;
  for (const construct of constructs) {
    const resolve = construct.resolveAll;
    if (resolve && !done.has(resolve)) {
      out = resolve(out, context);
      done.add(resolve);
    }
  }
  return out;
}

/** `events.splice(start, remove, ...items)` without spreading a long array onto the stack. */
function spliceInPlace(events: Event[], start: number, remove: number, items: Event[]): void {
  const CHUNK = 10_000;
  events.splice(start, remove, ...items.slice(0, CHUNK));
  for (let at = CHUNK; at < items.length; at += CHUNK) {
    events.splice(start + at, 0, ...items.slice(at, at + CHUNK));
  }
}

const tokenizeHighlight: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const previous = this.previous;
  const events = this.events;
  let size = 0;

  const more: State = (code) => {
    if (code === EQUALS) {
      // A third `=`: the whole run is text.
      if (size === 2) return nok(code);
      effects.consume(code);
      size++;
      return more;
    }
    if (size < 2) return nok(code);
    const token = effects.exit('highlightSequenceTemporary');
    token._open = !isWhiteSpace(code);
    token._close = !isWhiteSpace(previous);
    return ok(code);
  };

  return (code) => {
    // The rest of a longer run (its first `=` was text) is text too, unless that `=` was escaped.
    if (previous === EQUALS && events[events.length - 1]?.[1].type !== 'characterEscape') {
      return nok(code);
    }
    effects.enter('highlightSequenceTemporary');
    return more(code);
  };
};

const resolveAllHighlight: Resolver = (events, context) => {
  for (let index = 0; index < events.length; index++) {
    const closer = events[index];
    if (closer[0] !== 'enter' || closer[1].type !== 'highlightSequenceTemporary') continue;
    if (!closer[1]._close) continue;
    // The nearest opener before it (its exit event).
    let open = index - 1;
    while (
      open >= 0 &&
      !(
        events[open][0] === 'exit' &&
        events[open][1].type === 'highlightSequenceTemporary' &&
        events[open][1]._open
      )
    ) {
      open--;
    }
    if (open < 0) continue;
    const opening = events[open][1];
    const closing = closer[1];
    opening.type = 'highlightSequence';
    closing.type = 'highlightSequence';
    const whole: Token = {
      type: 'highlight',
      start: { ...opening.start },
      end: { ...closing.end },
    };
    const text: Token = {
      type: 'highlightText',
      start: { ...opening.end },
      end: { ...closing.start },
    };
    const inside = events.slice(open + 1, index);
    const spans = context.parser.constructs.insideSpan.null;
    const replacement: Event[] = [
      ['enter', whole, context],
      ['enter', opening, context],
      ['exit', opening, context],
      ['enter', text, context],
      ...(spans ? resolveWith(spans, inside, context) : inside),
      ['exit', text, context],
      ['enter', closing, context],
      ['exit', closing, context],
      ['exit', whole, context],
    ];
    // From the opener's enter event to the closer's exit event (in place: micromark keeps the
    // array it passed).
    spliceInPlace(events, open - 1, index + 2 - (open - 1), replacement);
    index = open - 1 + replacement.length - 1;
  }
  for (const event of events) {
    if (event[1].type === 'highlightSequenceTemporary') event[1].type = 'data';
  }
  return events;
};

const highlightConstruct: Construct = {
  name: 'highlight',
  tokenize: tokenizeHighlight,
  resolveAll: resolveAllHighlight,
};

/** The micromark extension: `==text==` is a highlight. */
export function highlight(): Extension {
  return {
    text: { [EQUALS]: highlightConstruct },
    insideSpan: { null: [highlightConstruct] },
    // Emphasis next to `=` opens and closes as it does next to a letter (`**==a==**`).
    attentionMarkers: { null: [EQUALS] },
  };
}

/** mdast-util-from-markdown: a `highlight` token becomes a `highlight` node. */
export function highlightFromMarkdown(): FromMarkdownExtension {
  return {
    canContainEols: ['highlight'],
    enter: {
      highlight(this: CompileContext, token: MdastToken) {
        this.enter({ type: 'highlight', children: [] }, token);
      },
    },
    exit: {
      highlight(this: CompileContext, token: MdastToken) {
        this.exit(token);
      },
    },
  };
}

/** Constructs in phrasing where `==` means nothing, so it is not escaped there. */
const LITERAL_CONSTRUCTS: Unsafe['notInConstruct'] = [
  'autolink',
  'destinationLiteral',
  'destinationRaw',
  'reference',
  'titleQuote',
  'titleApostrophe',
];

const writeHighlight: Handle = (node: Highlight, _parent, state, info) => {
  const tracker = state.createTracker(info);
  const exit = state.enter('highlight');
  let value = tracker.move('==');
  value += state.containerPhrasing(node, {
    ...tracker.current(),
    before: value,
    after: '=',
  });
  value += tracker.move('==');
  exit();
  return value;
};

/**
 * mdast-util-to-markdown: a `highlight` node is written `==…==`; text with a run of exactly two
 * `=` gets its first one escaped (`a \== b`), so it does not become a highlight.
 */
export function highlightToMarkdown(): ToMarkdownExtension {
  return {
    handlers: { highlight: Object.assign(writeHighlight, { peek: () => '=' }) },
    unsafe: [
      {
        character: '=',
        before: '(?<!=)',
        after: '=(?!=)',
        inConstruct: 'phrasing',
        notInConstruct: LITERAL_CONSTRUCTS,
      },
    ],
  };
}

/**
 * Typing the closing `==` of `==text==` in the WYSIWYG editor makes `text` a highlight: the text
 * before the caret ends with a highlight as the rules above read it (the one captured group).
 */
export const TYPED_HIGHLIGHT = /(?<!=)==([^\s=](?:[^=]*[^\s=])?)==$/;
