/**
 * The Breakdown view against the real app and its folder (OPFS), while an AI client (the SDK over
 * stdio) reads the same record: a stale link shown under its document, waived with a reason,
 * then accepted; Revise opens the document; what the person does, the AI sees, and an
 * unidentified AI client is refused the same resolution.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { openApp, readOpfs, writeOpfs } from './support/app';
import { ELENA, SCENE, TXF, writeStaleWorkspace } from './support/coherenceWorkspace';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

const panel = (page: Page) => page.locator('.breakdown-panel');
const edge = (page: Page) => panel(page).locator(`[data-txf="${TXF}"][data-input="0"]`);

async function aiEdges() {
  const r = await call(client, 'coherence', { action: 'edges', workspace_root: '/notes' });
  expect(r.isError, r.text).toBe(false);
  return r.data.items as { txf: string; state: string; prior_waivers: number }[];
}

test('a stale link: the person waives it with a reason, then accepts the newer note; the AI sees each step', async ({
  page,
}) => {
  await openApp(page);
  client = await connectClient();
  await page.locator('.toolbar .breakdown-toggle').click();
  // No record yet, and none is started by looking.
  await expect(panel(page).getByTestId('breakdown-untracked')).toBeVisible();
  expect(await readOpfs(page, '.vmark/.gitignore')).toBeNull();

  await writeStaleWorkspace(page);
  await panel(page).getByRole('button', { name: 'Refresh' }).click();
  const group = panel(page).locator('[data-downstream="scene-01.md"]');
  await expect(group.locator('h4')).toHaveText('scene-01.md');
  await expect(edge(page)).toHaveAttribute('data-state', 'version-stale');
  await expect(edge(page).locator('.upstream')).toHaveText('from lore/elena.md');
  await expect(edge(page).getByTestId('edge-state')).toHaveText('source changed');
  expect(await aiEdges()).toMatchObject([{ txf: TXF, state: 'version-stale' }]);

  // An AI client without a credential is refused what the person may do.
  const refused = await call(client, 'coherence_resolve', {
    action: 'resolve',
    workspace_root: '/notes',
    txf: TXF,
    input: 0,
    resolution: 'accept-newer',
  });
  expect(refused.isError).toBe(true);
  expect(refused.text).toMatch(/^unidentified client/);

  // Revise opens the document to rewrite.
  await edge(page).getByRole('button', { name: 'Revise' }).click();
  await expect(page.locator('.tab.active')).toHaveAttribute('title', '/notes/scene-01.md');

  // Waive: no reason, no waiver; with one (Enter confirms), the link stays listed, waived.
  await edge(page).getByRole('button', { name: 'Waive…' }).click();
  const confirm = edge(page).getByRole('button', { name: 'Waive', exact: true });
  await expect(confirm).toBeDisabled();
  await edge(page).getByLabel('Reason for waiving').fill('   ');
  await expect(confirm).toBeDisabled();
  await edge(page).getByLabel('Reason for waiving').fill('The scene is set before she changed');
  await edge(page).getByLabel('Reason for waiving').press('Enter');
  await expect(edge(page)).toHaveAttribute('data-state', 'waived');
  await expect(edge(page)).toContainText('previously waived ×1');
  expect(await aiEdges()).toMatchObject([{ txf: TXF, state: 'waived', prior_waivers: 1 }]);

  // Accept newer: the link is settled and leaves the view, for the AI too.
  await edge(page).getByRole('button', { name: 'Accept newer' }).click();
  await expect(panel(page).getByTestId('breakdown-coherent')).toHaveText('Everything is coherent.');
  expect(await aiEdges()).toEqual([]);

  // Both records are in this profile's own segment, as the person's.
  const names = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const vmark = await root.getDirectoryHandle('.vmark');
    const ledger = await vmark.getDirectoryHandle('ledger');
    const out: string[] = [];
    for await (const name of (ledger as unknown as { keys(): AsyncIterable<string> }).keys())
      out.push(name);
    return out;
  });
  const own = names.find((n) => n.endsWith('.jsonl') && !n.startsWith('0198fc00'));
  expect(own).toBeDefined();
  const lines = ((await readOpfs(page, `.vmark/ledger/${own}`))?.toString() ?? '')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> });
  expect(lines.map((l) => l.kind)).toEqual(['waiver', 'ratification']);
  expect(lines[0].body).toMatchObject({
    edge: { txf: TXF, input: 0 },
    upstream_object: ELENA,
    actor: { type: 'human' },
    reason: 'The scene is set before she changed',
  });
  expect(lines[1].body).not.toHaveProperty('delegation');
});

test('a document rewritten outside the app is seen by the very next read, read after read', async ({
  page,
}) => {
  await openApp(page);
  client = await connectClient();
  await writeStaleWorkspace(page);
  // Read twice: the second read may reuse the first one's look at the folder.
  expect(await aiEdges()).toHaveLength(1);
  expect(await aiEdges()).toHaveLength(1);
  // The scene rewritten behind the app's back, then read at once: the edit is recorded and the
  // rewritten scene no longer claims to come from the note.
  await writeOpfs(
    page,
    'scene-01.md',
    `---\nvmark:\n  id: ${SCENE}\n---\n# Scene 1\n\nElena waits for the rain to stop.\n`,
  );
  expect(await aiEdges()).toEqual([]);
});
