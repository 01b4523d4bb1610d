/**
 * The word-replacement sweep that measures WYSIWYG fidelity, shared by tests/fidelity.spec.ts and
 * bench/fidelity.mjs. For every paragraph, heading, list item and table cell of the document shown
 * in the active tab, the first and the last word are replaced in turn through the editor (a
 * ProseMirror transaction that replaces the word's text, as typing over it does), and the
 * editor's text must then differ from the original in exactly that word. Plain JavaScript, so the
 * benchmarks (Node scripts) share it with the tests.
 */

/** The word every test word is replaced with (another is used when the word is this one). */
export const REPLACEMENT = 'edited';

/**
 * Runs the sweep in the page on the active document (its WYSIWYG editor fully loaded) and gives
 * one result per block: `{ kind, excerpt, words, exact, failures }`, where each failure is
 * `{ word, before, after }` (the stretch of text that differs, with some context).
 * @param {import('playwright-core').Page} page
 */
export async function sweepActiveDocument(page) {
  return page.evaluate((replacement) => {
    /** @type {any} */
    const root = document.querySelector('.document:not(.hidden) .milkdown-root');
    const { view, handle, reset } = root.vmarkWysiwyg;
    const original = handle.getText();
    const start = view.state.doc;
    /** @param {string | undefined} c */
    const isLetter = (c) => c !== undefined && /\p{L}/u.test(c);

    /**
     * Whether `text` is `original` with one whole occurrence of `word` replaced by `by`.
     * @param {string} text @param {string} word @param {string} by
     */
    function replacedOnce(text, word, by) {
      if (text.length !== original.length - word.length + by.length) return false;
      let p = 0;
      const max = Math.min(text.length, original.length);
      while (p < max && text.charCodeAt(p) === original.charCodeAt(p)) p++;
      let q = 0;
      while (
        q < max - p &&
        text.charCodeAt(text.length - 1 - q) === original.charCodeAt(original.length - 1 - q)
      ) {
        q++;
      }
      for (let o = Math.max(0, original.length - q - word.length); o <= p; o++) {
        if (
          original.startsWith(word, o) &&
          text.startsWith(by, o) &&
          !isLetter(original[o - 1]) &&
          !isLetter(original[o + word.length])
        ) {
          return true;
        }
      }
      return false;
    }

    /** The stretch where `text` differs from the original, with 30 characters around it. @param {string} text */
    function difference(text) {
      let p = 0;
      const max = Math.min(text.length, original.length);
      while (p < max && text.charCodeAt(p) === original.charCodeAt(p)) p++;
      let q = 0;
      while (
        q < max - p &&
        text.charCodeAt(text.length - 1 - q) === original.charCodeAt(original.length - 1 - q)
      ) {
        q++;
      }
      const from = Math.max(0, p - 30);
      return {
        before: original.slice(from, Math.min(original.length, original.length - q + 30)),
        after: text.slice(from, Math.min(text.length, text.length - q + 30)),
      };
    }

    /** @param {any} node @param {any} $pos */
    const kindOf = (node, $pos) => {
      for (let d = $pos.depth; d > 0; d--) {
        const name = $pos.node(d).type.name;
        if (name === 'table_cell' || name === 'table_header') return 'table cell';
      }
      const parent = $pos.parent;
      if (parent.type.name === 'list_item' && parent.firstChild === node) return 'list item';
      return node.type.name === 'heading' ? 'heading' : 'paragraph';
    };

    /** @type {{ kind: string, excerpt: string, words: { word: string, from: number }[] }[]} */
    const units = [];
    start.descendants((/** @type {any} */ node, /** @type {number} */ pos) => {
      if (node.type.name === 'code_block') return false;
      if (!node.isTextblock) return true;
      // The block's inline content as characters, one per position (U+FFFC for non-text leaves),
      // and where each text node ends: a word is taken whole from one text node, with its marks.
      let chars = '';
      /** @type {number[]} */
      const ends = [];
      node.forEach((/** @type {any} */ child) => {
        chars += child.isText ? child.text : '\uFFFC'.repeat(child.nodeSize);
        ends.push(chars.length);
      });
      const words = [...chars.matchAll(/\p{L}+/gu)].filter((m) =>
        ends.every((e) => e <= m.index || e >= m.index + m[0].length),
      );
      if (words.length > 0) {
        const picked = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
        units.push({
          kind: kindOf(node, start.resolve(pos)),
          excerpt: chars.replace(/[\s\uFFFC]+/g, ' ').slice(0, 60),
          words: picked.map((m) => ({ word: m[0], from: pos + 1 + m.index })),
        });
      }
      return false;
    });

    /** Replaces `length` characters of one text node by `text` with the same marks. */
    /** @param {number} from @param {number} length @param {string} text */
    const replaceWord = (from, length, text) => {
      const marks = view.state.doc.nodeAt(from).marks;
      return view.state.tr.replaceWith(from, from + length, view.state.schema.text(text, marks));
    };

    const results = [];
    for (const unit of units) {
      const failures = [];
      for (const { word, from } of unit.words) {
        const by = word === replacement ? 'changed' : replacement;
        view.dispatch(replaceWord(from, word.length, by));
        const text = handle.getText();
        if (!replacedOnce(text, word, by)) failures.push({ word, ...difference(text) });
        view.dispatch(replaceWord(from, by.length, word));
        if (handle.getText() !== original || !view.state.doc.eq(start)) {
          reset(original);
        }
      }
      results.push({
        kind: unit.kind,
        excerpt: unit.excerpt,
        words: unit.words.map((w) => w.word),
        exact: failures.length === 0,
        failures,
      });
    }
    return results;
  }, REPLACEMENT);
}

/**
 * The line that names a block that did not keep exact, as the known-failure list has it.
 * @param {string} file
 * @param {{ kind: string, excerpt: string, failures: { word: string }[] }} result
 */
export function failureKey(file, result) {
  const words = result.failures.map((f) => `"${f.word}"`).join(', ');
  return `${file}: ${result.kind} "${result.excerpt}": ${words}`;
}
