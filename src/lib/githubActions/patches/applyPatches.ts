/**
 * Applies a list of IRPatches to workflow YAML text, all or nothing. Each patch becomes one
 * splice of the current text (see yamlSplice.ts), so every byte outside the edited node is kept.
 * After the splices the text is read back and its data compared with what the patches should
 * have produced; any difference refuses the whole batch instead of returning damaged YAML.
 *
 * Parsing is most of the cost, so a batch of independent patches (or a single patch) is planned
 * on one parse and checked by reading back only the pieces of text it edited, or the whole text
 * when the pieces cannot vouch for it (`atOnce`); anything else, and any batch that fails there,
 * goes one patch at a time (`oneByOne`), which gives the same bytes and names the patch a
 * refusal is about.
 */
import { isMap, parseDocument, type YAMLMap } from 'yaml';
import { expectedAfterAll, sameData } from '../safetyNet/expected';
import { checkPatch, type IRPatch } from '../irPatch';
import { planEdit, type PlannedEdit, type Workflow } from './patchEdits';
import { checkByPieces } from '../safetyNet/pieces';
import { insertedLines } from '../safetyNet/pieceSpans';
import { applyEdits, columnOf, detectEol, type Edit } from '../yamlText/sourceLines';
import { range } from '../yamlText/yamlSplice';

export type ApplyResult =
  { ok: true; text: string; changed: boolean } | { ok: false; index: number; message: string };

type Refusal = Extract<ApplyResult, { ok: false }>;

/** A parsed state of the text: what patches are planned against. */
interface Loaded {
  text: string;
  wf: Workflow;
  data: unknown;
  /** Whether some alias reuses an anchored node. */
  aliased: boolean;
}

/** Patches planned on `base` whose edits are not yet parsed and checked. */
interface Pending {
  index: number;
  patch: IRPatch;
  edit: Edit;
}

/** The parse of the original text (or why it failed) and the plans already made on it. */
interface Start {
  loaded: Loaded | string;
  plans: readonly PlannedEdit[];
}

export function applyPatches(source: string, patches: readonly IRPatch[]): ApplyResult {
  const { bom, original } = splitBom(source);
  const checked: IRPatch[] = [];
  for (const [index, input] of patches.entries()) {
    const check = checkPatch(input, index);
    if (!check.ok) return oneByOne(bom, original, patches);
    checked.push(check.patch);
  }
  const loaded = load(original);
  const plans: PlannedEdit[] = [];
  const result = typeof loaded === 'string' ? undefined : atOnce(loaded, checked, plans);
  if (result !== undefined) return done(bom, original, result);
  return oneByOne(bom, original, patches, { loaded, plans });
}

/**
 * The one-by-one path on its own, always taken when `applyPatches` cannot do a batch at once;
 * exported so tests can check that both paths give the same result.
 */
export function applyPatchesOneByOne(source: string, patches: readonly IRPatch[]): ApplyResult {
  const { bom, original } = splitBom(source);
  return oneByOne(bom, original, patches);
}

/**
 * Plans every patch on one parse of the original text, makes all the edits at once and checks
 * the result against the model of the whole batch: by reading back only the pieces of text the
 * edits touched (pieces.ts) when that can vouch for the whole, else by parsing the whole result.
 * Answers the edited text. Undefined means the batch must go one patch at a time: a patch is
 * refused, or one of several plans an edit that is not local (see `Edit`), two edits overlap or
 * touch, or the check fails. Every patch is modelled, no-ops included, so a patch that does
 * nothing to the original but would act after an earlier one (with.set, then with.remove of the
 * same new key) fails the check. `plans` keeps the plans made.
 */
function atOnce(
  base: Loaded,
  patches: readonly IRPatch[],
  plans: PlannedEdit[],
): string | undefined {
  const edits: Edit[] = [];
  for (const patch of patches) {
    const plan = planEdit(base.wf, patch);
    plans.push(plan);
    if (!plan.ok) return undefined;
    const edit = plan.edit;
    if (edit === undefined) continue;
    const local = edit.local === true || edit.scalarOnly === true || patches.length === 1;
    const at = local ? placeAmong(base.text, edit, edits) : -1;
    if (at < 0) return undefined;
    edits.splice(at, 0, edit);
  }
  if (edits.length === 0) return base.text;
  const expect = (actual: unknown) => expectedAfterAll(base.data, patches, actual);
  const pieces = checkByPieces(
    { text: base.text, root: base.wf.root, data: base.data, aliased: base.aliased },
    edits,
    expect,
  );
  if (pieces !== undefined) return pieces;
  const text = applyEdits(base.text, edits);
  if (text === base.text) return text;
  const reread = load(text);
  if (typeof reread === 'string') return undefined;
  const expected = expect(reread.data);
  return expected !== undefined && sameData(expected, reread.data) ? text : undefined;
}

/**
 * Applies the patches in order, each planned on the result of the ones before. Scalar-for-scalar
 * edits in a row share one parse and one check. `start`, when given, is the parse of `original`
 * and the plans made on it, which are reused rather than made again.
 */
function oneByOne(
  bom: string,
  original: string,
  patches: readonly IRPatch[],
  start?: Start,
): ApplyResult {
  let first: Loaded | undefined;
  let base: Loaded | undefined;
  let pending: Pending[] = [];
  const plan = (index: number, patch: IRPatch): PlannedEdit =>
    (base === first && start?.plans[index]) || planEdit((base as Loaded).wf, patch);
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
      const loaded = start?.loaded ?? load(original);
      if (typeof loaded === 'string') return refusal(index, patch, `cannot apply: ${loaded}`);
      base = first = loaded;
    }
    let planned = plan(index, patch);
    // Planning on a parse that pending scalar edits made stale is only trusted for another
    // scalar edit elsewhere; anything else is planned again on a fresh parse.
    const trusted =
      planned.ok &&
      planned.edit?.scalarOnly === true &&
      apart(
        planned.edit,
        pending.map((item) => item.edit),
      );
    if (pending.length > 0 && !trusted) {
      const failed = flush();
      if (failed) return failed;
      planned = plan(index, patch);
    }
    if (!planned.ok) return refusal(index, patch, `cannot apply: ${planned.reason}`);
    if (planned.edit === undefined) continue;
    pending.push({ index, patch, edit: planned.edit });
    if (!planned.edit.scalarOnly) {
      const failed = flush();
      if (failed) return failed;
    }
  }
  const failed = flush();
  if (failed) return failed;
  return done(bom, original, base?.text ?? original);
}

/** A byte order mark is not part of the first line's indentation; it is put back at the end. */
function splitBom(source: string): { bom: string; original: string } {
  const bom = source.startsWith('\ufeff') ? '\ufeff' : '';
  return { bom, original: source.slice(bom.length) };
}

function done(bom: string, original: string, text: string): ApplyResult {
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
  const expected = expectedAfterAll(
    base.data,
    pending.map((item) => item.patch),
    reread.data,
  );
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

/**
 * Where `edit` goes in the list of edits planned so far (edits at one place are applied in list
 * order), or -1 when it overlaps or touches another. Lines inserted at the place where other
 * lines are inserted are the exception: the deeper ones go first, as they continue what ends
 * there (the last step of a job gets `with:` before a new top-level `env:` after the job), and
 * lines as deep as others go after them, as they would one patch at a time.
 */
function placeAmong(text: string, edit: Edit, edits: readonly Edit[]): number {
  if (apart(edit, edits)) return edits.length;
  const depth = insertedLines(text, edit)?.column;
  if (depth === undefined) return -1;
  let at = edits.length;
  for (const [index, other] of edits.entries()) {
    if (apart(edit, [other])) continue;
    const otherDepth = other.from === edit.from ? insertedLines(text, other)?.column : undefined;
    if (otherDepth === undefined) return -1;
    if (otherDepth < depth && at === edits.length) at = index;
  }
  return at;
}

/** Whether `edit` neither overlaps nor touches any of `others`. */
function apart(edit: Edit, others: readonly Edit[]): boolean {
  return others.every((other) => edit.to < other.from || edit.from > other.to);
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
  let aliased = false;
  try {
    data = doc.toJS({
      maxAliasCount: 100,
      onAnchor: (_, count) => {
        if (count > 1) aliased = true;
      },
    });
  } catch (cause) {
    return `the YAML cannot be read as data (${(cause as Error).message}).`;
  }
  const src = { text, eol: detectEol(text), unit: indentUnit(text, root) };
  return { text, wf: { doc, root, src }, data, aliased };
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
