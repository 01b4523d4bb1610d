/**
 * Applies a list of IRPatches to workflow YAML text, all or nothing. Each patch becomes one
 * splice of the current text (see yamlSplice.ts), so every byte outside the edited node is kept.
 * After the splices the text is parsed again and its data compared with what the patches should
 * have produced; any difference refuses the whole batch instead of returning damaged YAML.
 */
import { isMap, parseDocument, type YAMLMap } from 'yaml';
import { expectedAfter, sameData } from './expected';
import { checkPatch, type IRPatch } from './irPatch';
import { planEdit, type Workflow } from './patchEdits';
import { applyEdits, columnOf, detectEol, type Edit } from './sourceLines';
import { range } from './yamlSplice';

export type ApplyResult =
  { ok: true; text: string; changed: boolean } | { ok: false; index: number; message: string };

type Refusal = Extract<ApplyResult, { ok: false }>;

/** A parsed state of the text: what patches are planned against. */
interface Loaded {
  text: string;
  wf: Workflow;
  data: unknown;
}

/** Patches planned on `base` whose edits are not yet parsed and checked. */
interface Pending {
  index: number;
  patch: IRPatch;
  edit: Edit;
}

export function applyPatches(source: string, patches: readonly IRPatch[]): ApplyResult {
  // A byte order mark is not part of the first line's indentation; it is put back at the end.
  const bom = source.startsWith('\ufeff') ? '\ufeff' : '';
  const original = source.slice(bom.length);
  let base: Loaded | undefined;
  let pending: Pending[] = [];
  // Parses the pending edits' result and checks it; the result becomes the new base.
  const flush = (): Refusal | undefined => {
    if (base === undefined || pending.length === 0) return undefined;
    const checked = settle(base, pending);
    if ('ok' in checked) return checked;
    base = checked;
    pending = [];
    return undefined;
  };
  for (let index = 0; index < patches.length; index++) {
    const checked = checkPatch(patches[index], index);
    if (!checked.ok) return { ok: false, index, message: checked.message };
    const patch = checked.patch;
    if (base === undefined) {
      const loaded = load(original);
      if (typeof loaded === 'string') return refusal(index, patch, `cannot apply: ${loaded}`);
      base = loaded;
    }
    let plan = planEdit(base.wf, patch);
    // Planning on a parse that pending scalar edits made stale is only trusted for another
    // scalar edit elsewhere; anything else is planned again on a fresh parse.
    const trusted = plan.ok && plan.edit?.scalarOnly === true && apart(plan.edit, pending);
    if (pending.length > 0 && !trusted) {
      const failed = flush();
      if (failed) return failed;
      plan = planEdit(base.wf, patch);
    }
    if (!plan.ok) return refusal(index, patch, `cannot apply: ${plan.reason}`);
    if (plan.edit === undefined) continue;
    pending.push({ index, patch, edit: plan.edit });
    if (!plan.edit.scalarOnly) {
      const failed = flush();
      if (failed) return failed;
    }
  }
  const failed = flush();
  if (failed) return failed;
  const text = base?.text ?? original;
  return { ok: true, text: bom + text, changed: text !== original };
}

/**
 * Applies the pending edits to the base text, parses the result and compares its data with the
 * patches' intended effect. A group that fails is replayed one patch at a time, each planned on
 * a fresh parse, so a refusal names the patch that went wrong.
 */
function settle(base: Loaded, pending: Pending[]): Loaded | Refusal {
  const text = applyEdits(
    base.text,
    pending.map((item) => item.edit),
  );
  if (text === base.text) return base;
  const reread = load(text);
  const last = pending[pending.length - 1];
  if (typeof reread === 'string') {
    if (pending.length > 1) return replay(base, pending);
    return refusal(
      last.index,
      last.patch,
      `${UNSAFE}: the edited text would not read back (${reread}).`,
    );
  }
  let expected: unknown = base.data;
  for (const item of pending) {
    expected =
      expected === undefined ? undefined : expectedAfter(expected, item.patch, reread.data);
  }
  if (expected !== undefined && sameData(expected, reread.data)) return reread;
  if (pending.length > 1) return replay(base, pending);
  return refusal(
    last.index,
    last.patch,
    `${UNSAFE}: reading the edited text back did not give the intended values.`,
  );
}

function replay(base: Loaded, pending: Pending[]): Loaded | Refusal {
  let current = base;
  for (const item of pending) {
    const plan = planEdit(current.wf, item.patch);
    if (!plan.ok) return refusal(item.index, item.patch, `cannot apply: ${plan.reason}`);
    if (plan.edit === undefined) continue;
    const step = settle(current, [{ ...item, edit: plan.edit }]);
    if ('ok' in step) return step;
    current = step;
  }
  // One by one, each on a fresh parse, the patches went through: that is the result.
  return current;
}

const UNSAFE = 'could not be written safely, so no patch was applied';

function refusal(index: number, patch: IRPatch, reason: string): Refusal {
  return { ok: false, index, message: `patch ${index} (${patch.kind}) ${reason}` };
}

/** Whether `edit` neither overlaps nor touches any pending edit. */
function apart(edit: Edit, pending: Pending[]): boolean {
  return pending.every((item) => edit.to < item.edit.from || edit.from > item.edit.to);
}

/** Parses workflow text, or says why it cannot be patched. */
function load(text: string): Loaded | string {
  const doc = parseDocument(text, { prettyErrors: false });
  const error = doc.errors[0];
  if (error !== undefined) {
    const { line, column } = lineAndColumn(text, error.pos[0]);
    const what =
      error.code === 'MULTIPLE_DOCS'
        ? 'a second document starts there, and a workflow file holds one document'
        : error.message.replace(/\.$/, '');
    return `the YAML has an error at line ${line}, column ${column} (${what}); fix it first.`;
  }
  const root = doc.contents;
  if (!isMap(root)) return 'the document is not a mapping of workflow keys (on:, jobs:, …).';
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (cause) {
    return `the YAML cannot be read as data (${(cause as Error).message}).`;
  }
  const src = { text, eol: detectEol(text), unit: indentUnit(text, root) };
  return { text, wf: { doc, root, src }, data };
}

/** The document's indentation step: how far its first nested block mapping is indented. */
function indentUnit(text: string, root: YAMLMap): number {
  const base = columnOf(text, range(root)[0]);
  for (const pair of root.items) {
    const value = pair.value;
    if (isMap(value) && !value.flow) {
      const step = columnOf(text, range(value)[0]) - base;
      if (step > 0) return step;
    }
  }
  return 2;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}
