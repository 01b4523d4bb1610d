/**
 * The hand-written workspaces and ledgers the reconcile scan's tests run over (scan.test.ts), and
 * what they read back: a note, a scene drafted from it, a desk writer's ledger lines.
 */
import { breakdown, buildModel } from '../projection/breakdown';
import { contentHash, revisionId } from '../format/canonical';
import type { LedgerEntry } from '../format/envelope';
import { readLedger } from '../ledger/ledger';
import { inProcessLock } from '../ledger/ledgerFs';
import { memoryLedgerFs } from '../ledger/memoryLedgerFs';
import { memoryWorkspaceFs } from './memoryWorkspaceFs';
import type { Entry } from '../format/records';
import { scan, type CapturePolicy, type WriteSnapshot } from './scan';
import type { WalkLimits } from './scanWalk';
import { emptyWorkspaceState, type KernelDeps } from './workspaceState';

export const WRITER = '0198a000-0000-7000-8000-0000000000ff';
/** The writer of the hand-written history (another installation, say). */
export const DESK = '0198a000-0000-7000-8000-0000000000d0';
export const DESK_SEGMENT = `.vmark/ledger/${DESK}.jsonl`;
export const OUR_SEGMENT = `.vmark/ledger/${WRITER}.jsonl`;
export const NOTE = '0198a001-0000-7000-8000-00000000000e';
export const SCENE = '0198a001-0000-7000-8000-000000000001';
export const FOREIGN = '0198a001-0000-7000-8000-0000000000aa';
export const FP = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const NOTE_TEXT = `---\nvmark:\n  id: ${NOTE}\n---\n# Elena\nElena is left-handed.\n`;
export const NOTE_EDITED = `---\nvmark:\n  id: ${NOTE}\n---\n# Elena\nElena is right-handed.\n`;
export const SCENE_TEXT = `---\ntitle: Scene 12\nvmark:\n  id: ${SCENE}\n---\nElena waited in the rain.\n`;

let lineNo = 0;
/** One hand-written ledger line of the desk writer. */
export function line(kind: string, body: string): string {
  lineNo++;
  const n = String(lineNo).padStart(12, '0');
  const minute = String(lineNo % 60).padStart(2, '0');
  return `{"format":0,"id":"0198c000-0000-7000-8000-${n}","kind":"${kind}","time":"2026-07-10T10:${minute}:00.000Z","writer":"${DESK}","idem":"0198d000-0000-7000-8000-${n}","body":${body}}`;
}

export const registered = (object: string, path: string) =>
  line('object-registered', `{"object":"${object}","path":"${path}","schema":null}`);

export function saved(
  object: string,
  revision: string,
  hash: string,
  parents: string[],
  inputs = '',
) {
  return line(
    'transformation',
    `{"inputs":[${inputs}],"outputs":[{"object":"${object}","revision":"${revision}","content_hash":"${hash}","parents":${JSON.stringify(parents)}}],"agent":{"type":"human","id":"ann"},"intent":{"kind":"editor-save","summary":""},"confidence":"exact"}`,
  );
}

export async function rootOf(text: string) {
  const hash = await contentHash(text);
  return { hash, revision: await revisionId(hash, []) };
}

export function setup(files: Record<string, string | Uint8Array> = {}) {
  const store = memoryLedgerFs();
  for (const [path, content] of Object.entries(files)) store.put(path, content);
  const workspace = memoryWorkspaceFs(store);
  let clock = Date.parse('2026-07-10T12:00:00.000Z');
  let ids = 0;
  const deps: KernelDeps = {
    fs: store,
    lock: inProcessLock(),
    writer: WRITER,
    now: () => (clock += 1000),
    mintId: () => `0198f000-0000-7000-8000-${String(++ids).padStart(12, '0')}`,
  };
  const state = emptyWorkspaceState();
  const snapshots = new Map<string, string>();
  let snapshotError: string | null = null;
  const writeSnapshot: WriteSnapshot = async (hash, bytes) => {
    if (snapshotError) return { ok: false, error: snapshotError };
    snapshots.set(hash, new TextDecoder().decode(bytes));
    return { ok: true };
  };
  const run = (policy: CapturePolicy = 'adopt', limits?: WalkLimits) =>
    scan(deps, state, workspace, { policy, writeSnapshot, limits });
  /** Every entry of every writer, as the app reads them. */
  const entries = async (): Promise<LedgerEntry[]> => {
    const read = await readLedger(store);
    if (!read.ok) throw new Error(read.error);
    return read.entries;
  };
  /** The lines this app appended. */
  const ours = () => (store.text(OUR_SEGMENT) ?? '').split('\n').filter(Boolean);
  const oursParsed = () => ours().map((l) => JSON.parse(l) as LedgerEntry);
  return {
    store,
    workspace,
    state,
    snapshots,
    run,
    entries,
    ours,
    oursParsed,
    failSnapshots: (error: string | null) => (snapshotError = error),
  };
}

/** A workspace whose ledger tracks the note and a scene written from it. */
export async function tracked(extra: Record<string, string | Uint8Array> = {}) {
  const note = await rootOf(NOTE_TEXT);
  const scene = await rootOf(SCENE_TEXT);
  const ledger = [
    registered(NOTE, 'lore/elena.md'),
    saved(NOTE, note.revision, note.hash, []),
    registered(SCENE, 'scenes/scene-12.md'),
    saved(
      SCENE,
      scene.revision,
      scene.hash,
      [],
      `{"object":"${NOTE}","revision":"${note.revision}","role":"direct"}`,
    ),
  ];
  const t = setup({
    'lore/elena.md': NOTE_TEXT,
    'scenes/scene-12.md': SCENE_TEXT,
    [DESK_SEGMENT]: ledger.join('\n') + '\n',
    ...extra,
  });
  return { ...t, note, scene };
}

export const transformations = (list: LedgerEntry[]) =>
  list.filter((e): e is Entry<'transformation'> => e.kind === 'transformation');
export const diagnostics = (list: LedgerEntry[]) =>
  list
    .filter((e): e is Entry<'diagnostic'> => e.kind === 'diagnostic')
    .map((e) => `${e.body.code} ${e.body.path}`);

export function rows(list: LedgerEntry[], absent: ReadonlySet<string>) {
  return breakdown(buildModel(list), {
    absent,
    now: Date.parse('2026-07-10T13:00:00.000Z'),
    claimsFingerprint: FP,
  });
}
