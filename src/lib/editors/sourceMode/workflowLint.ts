/**
 * Live diagnostics for the source editor of a workflow (actionlint's for a GitHub workflow, the
 * workflow checks' for a browser workflow file): underlines, gutter markers and hover tooltips
 * from @codemirror/lint, plus the state a problems list needs.
 */
import { lintGutter, linter, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, type Extension, type Text } from '@codemirror/state';
import { EditorView, ViewPlugin } from '@codemirror/view';
import type { ProblemReport } from '../problems';

/** What the problems list shows. The last answer stays while the next check runs. */
export interface WorkflowLintState {
  /** A check is running (or about to). */
  checking: boolean;
  /** The last answer for the text as it was then; null before the first. */
  result: ProblemReport | null;
  /** Why the last check could not run (the wasm did not load, the worker crashed). */
  error: string | null;
}

export interface WorkflowLintOptions {
  /** The checker: the text as the editor holds it, and the document's path (read on every run). */
  lint: (source: string, path: string) => Promise<ProblemReport> | ProblemReport;
  /** The document's path (actionlint names it in messages). */
  path: () => string;
  /** Called when a check starts and when it ends. */
  onState?: (state: WorkflowLintState) => void;
  /** Milliseconds of quiet typing before a check. */
  delay?: number;
}

export interface WorkflowLint {
  extension: Extension;
  /** Puts the cursor at a 1-based line and column, scrolls it into view and focuses the editor. */
  reveal(line: number, col: number): void;
}

/** The document offset of a 1-based line and a column counted in characters, kept in range. */
export function positionOf(doc: Text, line: number, col: number): number {
  const target = doc.line(Math.min(Math.max(1, line), doc.lines));
  let offset = 0;
  let chars = 1;
  while (chars < col && offset < target.length) {
    const code = target.text.codePointAt(offset)!;
    offset += code > 0xffff ? 2 : 1;
    chars++;
  }
  return target.from + offset;
}

/** Where an underline should end: the word (label, key, variable) that starts at `from`. */
function tokenEnd(doc: Text, from: number): number {
  const line = doc.lineAt(from);
  const rest = line.text.slice(from - line.from);
  const token = /^[^\s,[\]{}()'"]+/.exec(rest)?.[0].replace(/:$/, '') ?? '';
  if (token) return from + token.length;
  return Math.min(from + 1, line.to);
}

/** A checker's findings as CodeMirror diagnostics on `doc`. */
export function toEditorDiagnostics(doc: Text, result: ProblemReport): Diagnostic[] {
  return result.diagnostics.map((d) => {
    const from = positionOf(doc, d.line, d.col);
    return {
      from,
      to: d.endCol === undefined ? tokenEnd(doc, from) : positionOf(doc, d.line, d.endCol),
      severity: d.severity,
      source: d.kind,
      message: d.message,
    };
  });
}

// Tooltips in the app's colours, light or dark (CodeMirror's own assume a light page).
const tooltipTheme = EditorView.theme({
  '.cm-tooltip': {
    backgroundColor: 'var(--panel)',
    color: 'var(--fg)',
    border: '1px solid var(--border)',
  },
  '.cm-tooltip-lint': { maxWidth: '40rem' },
  '.cm-diagnosticSource': { color: 'var(--muted)' },
});

export function createWorkflowLint(options: WorkflowLintOptions): WorkflowLint {
  const lint = options.lint;
  let view: EditorView | null = null;
  let state: WorkflowLintState = { checking: false, result: null, error: null };
  const publish = (next: Partial<WorkflowLintState>) => {
    state = { ...state, ...next };
    options.onState?.(state);
  };

  const source = async (current: EditorView): Promise<Diagnostic[]> => {
    const doc = current.state.doc;
    publish({ checking: true });
    try {
      const result = await lint(doc.toString(), options.path());
      // Typed on meanwhile: CodeMirror drops these, and a new check is already on its way.
      if (current.state.doc !== doc) return [];
      publish({ checking: false, result, error: null });
      return toEditorDiagnostics(doc, result);
    } catch (error) {
      if (current.state.doc === doc) {
        const message = error instanceof Error ? error.message : String(error);
        publish({ checking: false, result: null, error: message });
      }
      return [];
    }
  };

  const tracker = ViewPlugin.define((v) => {
    view = v;
    return {
      destroy() {
        if (view === v) view = null;
      },
    };
  });

  return {
    extension: [
      linter(source, { delay: options.delay ?? 400 }),
      lintGutter(),
      tooltipTheme,
      tracker,
    ],
    reveal(line, col) {
      if (!view) return;
      const at = positionOf(view.state.doc, line, col);
      view.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
      view.focus();
    },
  };
}
