/**
 * A workspace as desktop VMark would leave it, for the coherence tests: a scene drafted from a
 * character note by an AI, the note rewritten since (so the scene's link to it is stale), one
 * established claim, and the two documents on disk exactly as the ledger last saw them (so the
 * scan that runs before every read finds nothing new).
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { writeOpfs } from './app';

export const W = '0198fc00-0000-7000-8000-000000000001';
export const ELENA = '0198fc00-0000-7000-8000-00000000000e';
export const SCENE = '0198fc00-0000-7000-8000-000000000005';
export const TXF = '0198fc00-0000-7000-8000-0000000000f1';
export const CLAIM = '0198fc00-0000-7000-8000-0000000000c1';
export const E1 = `rev1:${'e1'.repeat(32)}`;
export const E2 = `rev1:${'e2'.repeat(32)}`;
export const S1 = `rev1:${'51'.repeat(32)}`;
let n = 0;
const line = (kind: string, time: string, body: unknown, id?: string) => {
  n += 1;
  const tail = String(n).padStart(12, '0');
  return JSON.stringify({
    format: 0,
    id: id ?? `0198fc01-0000-7000-8000-${tail}`,
    kind,
    time,
    writer: W,
    idem: `0198fc02-0000-7000-8000-${tail}`,
    body,
  });
};
/** The documents on disk, with their ids; the ledger's current revisions are their contents. */
export const ELENA_TEXT = `---\nvmark:\n  id: ${ELENA}\n---\n# Elena\n\nShe never carries an umbrella.\n`;
export const SCENE_TEXT = `---\nvmark:\n  id: ${SCENE}\n---\n# Scene 1\n\nElena walks out into the rain.\n`;
/** The content hash of a document whose front matter holds only its id (masked away). */
const hashOf = (text: string) =>
  `sha256:${createHash('sha256')
    .update(text.replace(/^---\n[\s\S]*?\n---\n/, ''))
    .digest('hex')}`;

const save = (time: string, revision: string, parents: string[], hash: string) =>
  line('transformation', time, {
    inputs: [],
    outputs: [{ object: ELENA, revision, content_hash: hash, parents }],
    agent: { type: 'human', id: 'ann' },
    intent: { kind: 'editor-save', summary: '' },
    confidence: 'exact',
  });

export const LEDGER = [
  line('object-registered', '2026-11-01T09:00:00.000Z', { object: ELENA, path: 'lore/elena.md' }),
  save('2026-11-01T09:00:00.000Z', E1, [], `sha256:${'a'.repeat(64)}`),
  line('object-registered', '2026-11-01T09:05:00.000Z', { object: SCENE, path: 'scene-01.md' }),
  line(
    'transformation',
    '2026-11-01T09:05:00.000Z',
    {
      inputs: [{ object: ELENA, revision: E1, role: 'direct' }],
      outputs: [{ object: SCENE, revision: S1, content_hash: hashOf(SCENE_TEXT), parents: [] }],
      agent: { type: 'model', id: 'mcp-client' },
      intent: { kind: 'mcp-document-write', summary: 'draft scene 1' },
      confidence: 'inferred',
    },
    TXF,
  ),
  save('2026-11-02T10:00:00.000Z', E2, [E1], hashOf(ELENA_TEXT)),
  line('claim', '2026-11-02T11:00:00.000Z', {
    claim: CLAIM,
    statement: 'Elena never carries an umbrella.',
    valid_at: '2026-11-02T11:00:00.000Z',
    invalid_at: null,
    established_by: [{ object: ELENA, revision: E2 }],
    supersedes: null,
    maturity: 'established',
    actor: { type: 'human', id: 'ann' },
  }),
]
  .map((l) => `${l}\n`)
  .join('');

/** Writes the ledger and the two documents into the app's folder (/notes), the same bytes each time. */
export async function writeStaleWorkspace(page: Page): Promise<void> {
  await writeOpfs(page, 'lore/elena.md', ELENA_TEXT);
  await writeOpfs(page, 'scene-01.md', SCENE_TEXT);
  await writeOpfs(page, `.vmark/ledger/${W}.jsonl`, LEDGER);
}

/** Every entry of every segment of /notes' ledger, as the files hold them now. */
export async function ledgerEntries(
  page: Page,
): Promise<{ kind: string; writer: string; body: Record<string, unknown> }[]> {
  const text = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('.vmark')).getDirectoryHandle('ledger');
    let all = '';
    for await (const [, handle] of (
      dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
    ).entries()) {
      if (handle.kind === 'file')
        all += await (await (handle as FileSystemFileHandle).getFile()).text();
    }
    return all;
  });
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; writer: string; body: Record<string, unknown> });
}
