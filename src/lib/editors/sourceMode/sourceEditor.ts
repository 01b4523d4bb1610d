/** The source editor: CodeMirror 6 with markdown or YAML highlighting. */
import {
  defaultKeymap,
  history,
  historyKeymap,
  indentWithTab,
  isolateHistory,
} from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { yaml } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Annotation, EditorState, Transaction, type Extension } from '@codemirror/state';
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLine,
  drawSelection,
} from '@codemirror/view';
import { diffSplice, type Splice } from '../../core/store/textEdit';
import { t } from '../../i18n/i18n.svelte';
import type { EditorHandle, OnEdit } from '../editorHandle';
import { pageStyleNonce } from '../styleNonce';
import { findExtension, findInSource } from './findInSource';
import { autoPairSource } from './autoPairSource';
import { writingModesSource } from '../writingModes';

const External = Annotation.define<boolean>();

/**
 * The line break the editor writes and reads back: a file whose lines all end in a lone CR keeps
 * CR (CodeMirror would otherwise hand out LF for each, and the text would differ from the
 * document's at every line end); anything else gets LF, as the document holds it.
 */
function lineSeparatorFor(text: string): Extension {
  return /\r(?!\n)/.test(text) && !text.includes('\n') ? EditorState.lineSeparator.of('\r') : [];
}

export function createSourceEditor(
  root: HTMLElement,
  text: string,
  language: 'markdown' | 'yaml',
  readOnly: boolean,
  onEdit: OnEdit,
  /** More extensions, e.g. live actionlint diagnostics for a workflow (see workflowLint.ts). */
  extra: Extension[] = [],
): EditorHandle {
  const view = new EditorView({
    parent: root,
    state: EditorState.create({
      doc: text,
      extensions: [
        // CodeMirror's styles go in a <style> element, which the page's policy admits by nonce.
        EditorView.cspNonce.of(pageStyleNonce()),
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        EditorView.lineWrapping,
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        language === 'yaml' ? yaml() : markdown(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorState.readOnly.of(readOnly),
        findExtension,
        // Read again on each update (the document view sends one on a new UI language).
        EditorView.contentAttributes.of(() => ({ 'aria-label': t('editors.documentSource') })),
        autoPairSource,
        writingModesSource,
        lineSeparatorFor(text),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged || u.transactions.some((t) => t.annotation(External))) return;
          const splices: Splice[] = [];
          u.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
            const insert = inserted.sliceString(0, inserted.length, u.state.lineBreak);
            splices.push({ from: fromA, to: toA, insert });
          });
          onEdit(splices);
        }),
        extra,
      ],
    }),
  });
  const external = (splices: readonly Splice[], undoable: boolean) => {
    if (splices.length === 0) return;
    view.dispatch({
      changes: splices.map((s) => ({ from: s.from, to: s.to, insert: s.insert })),
      annotations: [
        External.of(true),
        Transaction.addToHistory.of(undoable),
        // One undo step of its own, never merged with the person's typing.
        ...(undoable ? [isolateHistory.of('full')] : []),
      ],
    });
  };
  return {
    getText: () => view.state.sliceDoc(),
    setText(next, undoable) {
      const splice = diffSplice(view.state.sliceDoc(), next);
      if (splice) external([splice], undoable);
    },
    applyChange: external,
    focus: () => view.focus(),
    selection() {
      const { from, to } = view.state.selection.main;
      return { from, to, text: view.state.sliceDoc(from, to) };
    },
    replaceSelection(content) {
      const { from, to } = view.state.selection.main;
      if (view.state.sliceDoc(from, to) === content) return { replaced: to - from };
      view.dispatch({
        changes: { from, to, insert: content },
        selection: { anchor: from + content.length },
        // One undo step of its own, never merged with the person's typing.
        annotations: isolateHistory.of('full'),
        userEvent: 'input.replace',
      });
      return { replaced: to - from };
    },
    find: findInSource(view, readOnly),
    refreshModes: () => view.dispatch({}),
    revealHeading(_index, offset) {
      const at = Math.min(offset, view.state.doc.length);
      view.dispatch({
        selection: { anchor: at },
        effects: EditorView.scrollIntoView(at, { y: 'start', yMargin: 12 }),
      });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}
