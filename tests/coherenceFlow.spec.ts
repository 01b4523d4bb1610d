/**
 * The coherence layer's whole path, end to end: an AI client (the SDK over stdio, through a hub
 * of this file's own) reads a character note and writes a scene from it; the person edits the
 * note in the app; the scene's link shows stale to the AI and in the Breakdown view; resolving
 * it is refused to a client without a credential and to one without a delegation, and lands for
 * an identified, delegated client, under its grant.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { openAiApp } from './support/aiBrowser';
import { readOpfs, writeOpfs } from './support/app';
import { ledgerEntries } from './support/coherenceWorkspace';
import { call } from './support/mcp';
import { startOwnHub, type OwnHub } from './support/ownHub';
import { clientsOf } from './support/ownHubApp';

// The second test goes on from the first one's workspace (tracking on, the note tracked).
test.describe.configure({ mode: 'serial' });

let own: OwnHub;
let page: Page;
const clients = clientsOf(() => own);

test.beforeAll(async ({ browser }) => {
  own = await startOwnHub();
  page = await openAiApp(browser, own.url);
});

test.afterAll(async () => {
  await clients.closeAll();
  await page?.context().close();
  await own?.close();
});

const connect = clients.connect;

const ROOT = { workspace_root: '/notes' };

async function edges(client: Client) {
  const r = await call(client, 'coherence', { action: 'edges', ...ROOT });
  expect(r.isError, r.text).toBe(false);
  return r.data.items as Record<string, unknown>[];
}

/** Settings → AI clients → Issue credential; answers the secret shown in the configuration. */
async function issueCredential(name: string): Promise<string> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Client name' }).fill(name);
  await page.getByRole('button', { name: 'Issue credential' }).click();
  const json = await page.locator('.issued pre[data-client="Claude Desktop"]').textContent();
  await page.getByRole('button', { name: 'Done' }).click();
  return (JSON.parse(json ?? '{}') as { mcpServers: { vmark: { env: Record<string, string> } } })
    .mcpServers.vmark.env.VMARK_CLIENT_TOKEN;
}

test('an AI drafts a scene from a note; the person edits the note; the stale link is resolved only by an identified, delegated client', async () => {
  // Provenance tracking on, as the person sets it.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.locator('input[name="track-provenance"]').setChecked(true);
  await page.getByRole('button', { name: 'Done' }).click();
  await writeOpfs(page, 'lore/elena.md', '# Elena\n\nShe never carries an umbrella.\n');
  await writeOpfs(page, 'scene-01.md', '');

  // The AI reads the note, then writes and saves the scene.
  const ai = await connect('Drafting Client');
  const note = await call(ai, 'workspace', { action: 'open', filePath: '/notes/lore/elena.md' });
  const read = await call(ai, 'document', { action: 'read', tabId: note.data.tabId });
  expect(read.data.content).toContain('umbrella');
  const scene = await call(ai, 'workspace', { action: 'open', filePath: '/notes/scene-01.md' });
  const written = await call(ai, 'document', {
    action: 'write',
    tabId: scene.data.tabId,
    content: '# Scene 1\n\nElena walks out into the rain, no umbrella.\n',
  });
  expect(written.data).toMatchObject({ saved: true });

  // Both documents now carry their ids; the scene was recorded as written from the note.
  const sceneFile = (await readOpfs(page, 'scene-01.md'))?.toString() ?? '';
  const noteFile = (await readOpfs(page, 'lore/elena.md'))?.toString() ?? '';
  expect(sceneFile).toMatch(/^---\nvmark:\n {2}id: [0-9a-f-]{36}\n---\n# Scene 1\n/);
  expect(noteFile).toMatch(/^---\nvmark:\n {2}id: [0-9a-f-]{36}\n---\n# Elena\n/);
  expect(await edges(ai)).toEqual([]);
  const status = await call(ai, 'coherence', { action: 'status', ...ROOT });
  expect(status.data).toMatchObject({ initialized: true, objects: 2, open_items: 0 });

  // The person edits the note in the app and saves it.
  await page.locator('.tab', { hasText: 'elena.md' }).click();
  const editor = page.locator('.document:not(.hidden)[data-ready="true"] .ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Except in the last chapter.');
  await page.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () => (await readOpfs(page, 'lore/elena.md'))?.toString())
    .toContain('last chapter');

  // The scene's link to the note is stale, for the AI and in the Breakdown view.
  const stale = await edges(ai);
  expect(stale).toMatchObject([
    { upstream_path: 'lore/elena.md', downstream_path: 'scene-01.md', state: 'version-stale' },
  ]);
  await page.locator('.toolbar .breakdown-toggle').click();
  const row = page.locator(`.breakdown-panel [data-txf="${stale[0].txf}"]`);
  await expect(row).toHaveAttribute('data-state', 'version-stale');
  await expect(page.locator('.breakdown-panel [data-downstream="scene-01.md"]')).toBeVisible();

  const resolve = {
    action: 'resolve',
    ...ROOT,
    txf: stale[0].txf,
    input: stale[0].input,
    resolution: 'accept-newer',
  };
  // No credential: refused.
  const anonymous = await call(ai, 'coherence_resolve', resolve);
  expect(anonymous.isError).toBe(true);
  expect(anonymous.text).toMatch(/^unidentified client/);

  // A credential, but no delegation: refused.
  const secret = await issueCredential('Claude Code');
  const identified = await connect('Claude Code', { VMARK_CLIENT_TOKEN: secret });
  const undelegated = await call(identified, 'coherence_resolve', resolve);
  expect(undelegated.text).toBe(
    'no live delegation authorizes resolve.accept-newer for Claude Code',
  );

  // The person's grant, in the Breakdown view's Delegations section: accept newer (checked by
  // default) for 7 days (the default), after a confirmation naming all three.
  const panel = page.locator('.breakdown-panel');
  await panel.getByRole('tab', { name: 'Delegations' }).click();
  await panel.getByLabel('AI client').fill('Claude Code');
  await expect(panel.getByRole('checkbox', { name: 'Accept newer' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Waive' })).not.toBeChecked();
  await expect(panel.getByLabel('For how many days (1–365)')).toHaveValue('7');
  await panel.getByRole('button', { name: 'Grant…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Let “Claude Code” accept newer in /notes until');
  await expect(dialog).toContainText('(7 days)');
  await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
  const listed = panel.locator('li[data-principal="Claude Code"]');
  await expect(listed).toContainText('may accept newer · until');
  const grant = await listed.getAttribute('data-grant');
  await panel.getByRole('tab', { name: 'Edges' }).click();
  // …for accept-newer only: a waiver is still refused.
  const waiver = await call(identified, 'coherence_resolve', {
    ...resolve,
    resolution: 'waive',
    reason: 'fine',
  });
  expect(waiver.text).toBe('no live delegation authorizes resolve.waive for Claude Code');
  const accepted = await call(identified, 'coherence_resolve', resolve);
  expect(accepted.isError, accepted.text).toBe(false);
  expect(accepted.data).toMatchObject({ kind: 'ratification' });

  // Settled for the AI and in the view; the record names the client and its grant.
  expect(await edges(identified)).toEqual([]);
  await page.locator('.breakdown-panel').getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('breakdown-coherent')).toBeVisible();
  const entries = await ledger();
  // The person's save of the note is recorded as theirs, the AI's write with the note as input.
  const saves = entries.filter((e) => e.kind === 'transformation').map((e) => e.body);
  expect(saves).toContainEqual(
    expect.objectContaining({
      agent: { type: 'human', id: 'unknown-human' },
      intent: { kind: 'editor-save', summary: '' },
      inputs: [],
      confidence: 'exact',
    }),
  );
  expect(saves).toContainEqual(
    expect.objectContaining({
      agent: { type: 'model', id: 'mcp-client' },
      inputs: [expect.objectContaining({ role: 'direct' })],
      confidence: 'inferred',
    }),
  );
  expect(saves.some((s) => (s.agent as { type: string }).type === 'external')).toBe(true);
  const ratification = entries.find((e) => e.kind === 'ratification');
  expect(ratification?.body).toMatchObject({
    actor: { type: 'agent', id: 'Claude Code' },
    delegation: grant,
  });
  expect(JSON.stringify(entries)).not.toContain(secret);
  // The grant is recorded as the person's, naming the client, the scope and its end.
  expect(entries.find((e) => e.kind === 'delegation')?.body).toMatchObject({
    delegation: grant,
    actor: { type: 'human', id: 'unknown-human' },
    delegate: { type: 'external', id: 'Claude Code' },
    scope: ['resolve.accept-newer'],
    supersedes: null,
  });

  // The person revokes it: from that moment the client is refused again.
  await panel.getByRole('tab', { name: 'Delegations' }).click();
  await listed.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(panel.getByTestId('no-grants')).toBeVisible();
  const revoked = await call(identified, 'coherence_resolve', resolve);
  expect(revoked.text).toBe('no live delegation authorizes resolve.accept-newer for Claude Code');
});

/** The ledger's entries, every segment, in file order. */
function ledger() {
  return ledgerEntries(page);
}

test('workspace.save and workspace.save_as record what the client read as inputs, like document.write', async () => {
  // Tracking is on and the note is tracked (the test above). The AI reads the note…
  const ai = await connect('Summarizing Client');
  const note = await call(ai, 'workspace', { action: 'open', filePath: '/notes/lore/elena.md' });
  await call(ai, 'document', { action: 'read', tabId: note.data.tabId });
  const noteId = /id: ([0-9a-f-]{36})/.exec(
    (await readOpfs(page, 'lore/elena.md'))?.toString() ?? '',
  )?.[1];
  expect(noteId).toBeDefined();

  // …writes a summary without saving, then saves it with workspace.save.
  await writeOpfs(page, 'summary.md', '');
  const summary = await call(ai, 'workspace', { action: 'open', filePath: '/notes/summary.md' });
  const draft = await call(ai, 'document', {
    action: 'write',
    tabId: summary.data.tabId,
    content: '# Summary\n\nElena and the rain.\n',
    save: false,
  });
  expect(draft.data).toMatchObject({ saved: false });
  const saved = await call(ai, 'workspace', { action: 'save', tabId: summary.data.tabId });
  expect(saved.isError, saved.text).toBe(false);
  const recorded = async (path: string) => {
    const entries = await ledger();
    const object = entries.find((e) => e.kind === 'object-registered' && e.body.path === path)?.body
      .object;
    return entries
      .filter((e) => e.kind === 'transformation')
      .map((e) => e.body as { outputs: { object: string }[]; inputs: { object: string }[] })
      .filter((b) => b.outputs.some((o) => o.object === object));
  };
  await expect.poll(async () => (await recorded('summary.md')).length).toBe(1);
  expect((await recorded('summary.md'))[0]).toMatchObject({
    inputs: [{ object: noteId, role: 'direct' }],
    agent: { type: 'model', id: 'mcp-client' },
    confidence: 'inferred',
  });

  // A new document saved under a new name (the person allows saving to new paths).
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: /Auto-approve edits/ }).setChecked(true);
  await page.getByRole('button', { name: 'Done' }).click();
  await call(ai, 'document', { action: 'read', tabId: note.data.tabId });
  const fresh = await call(ai, 'workspace', { action: 'new' });
  await call(ai, 'document', {
    action: 'write',
    tabId: fresh.data.tabId,
    content: '# Epilogue\n\nThe umbrella, at last.\n',
    save: false,
  });
  const savedAs = await call(ai, 'workspace', {
    action: 'save_as',
    tabId: fresh.data.tabId,
    filePath: '/notes/epilogue.md',
  });
  expect(savedAs.isError, savedAs.text).toBe(false);
  await expect.poll(async () => (await recorded('epilogue.md')).length).toBe(1);
  expect((await recorded('epilogue.md'))[0]).toMatchObject({
    inputs: [{ object: noteId, role: 'direct' }],
  });
  // Each read counts once: the summary's save took the first, the epilogue's the second.
  expect(await recorded('summary.md')).toHaveLength(1);
});
