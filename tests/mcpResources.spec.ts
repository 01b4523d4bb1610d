/**
 * Documents as MCP resources through the whole chain: the SDK client, the stdio relay, the hub and
 * the app. Listed and read as document.read answers; subscriptions hear the person's typing in
 * the subscribed document only; tabs opening change the list.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type TextResourceContents,
} from '@modelcontextprotocol/sdk/types.js';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

async function appServingAi(page: Page) {
  if (!page.url().startsWith('http')) await openApp(page);
  await expect(page.locator('.app[data-window-id]')).toBeVisible();
  await expect(page.locator('.statusbar .ai')).not.toHaveAttribute(
    'data-ai-state',
    /offline|connecting/,
  );
}

/** A client that records the resource notifications it receives. */
async function listeningClient() {
  const c = await connectClient('Resource Test');
  const heard = { updated: [] as string[], listChanged: 0 };
  c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    heard.updated.push(n.params.uri);
  });
  c.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    heard.listChanged++;
  });
  return { c, heard };
}

test('open tabs are listed and read with the same text and revision as document.read', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'res.md', '# Resource\n\nText 世界.\n');
  await writeOpfs(page, 'disk.md', 'Only on disk.\n');
  ({ c: client } = await listeningClient());
  expect(client.getServerCapabilities()?.resources).toEqual({
    subscribe: true,
    listChanged: true,
  });
  const opened = await call(client, 'workspace', { action: 'open', filePath: '/notes/res.md' });
  const tabId = opened.data.tabId as string;

  // The open tab first, then the workspace's documents that no tab has open.
  const { resources } = await client.listResources();
  expect(resources).toEqual([
    {
      uri: `vmark://tab/${tabId}`,
      name: 'res.md',
      title: 'res.md',
      description: '/notes/res.md',
      mimeType: 'text/markdown',
    },
    {
      uri: 'vmark://file/notes/disk.md',
      name: 'disk.md',
      title: 'disk.md',
      description: '/notes/disk.md',
      mimeType: 'text/markdown',
    },
  ]);
  const read = await call(client, 'document', { action: 'read', tabId });
  const resource = (await client.readResource({ uri: `vmark://tab/${tabId}` }))
    .contents[0] as TextResourceContents;
  expect(resource.text).toBe(read.data.content);
  expect(resource._meta).toMatchObject({ tabId, revision: read.data.revision, dirty: false });

  const byPath = (await client.readResource({ uri: 'vmark://file/notes/res.md' }))
    .contents[0] as TextResourceContents;
  expect(byPath._meta?.revision).toBe(read.data.revision);
  const onDisk = (await client.readResource({ uri: 'vmark://file/notes/disk.md' }))
    .contents[0] as TextResourceContents;
  expect(onDisk.text).toBe('Only on disk.\n');
  expect(onDisk._meta).toEqual({ filePath: '/notes/disk.md', open: false });

  await expect(client.readResource({ uri: 'vmark://tab/tab-999' })).rejects.toMatchObject({
    code: -32002,
  });
  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
    'vmark://file{+path}',
    'vmark://tab/{tabId}',
  ]);
});

test('a subscription hears the person typing in that document, not in another one', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'watched.md', 'Watched\n');
  await writeOpfs(page, 'other.md', 'Other\n');
  await page.reload();
  await appServingAi(page);
  const listening = await listeningClient();
  client = listening.c;
  const { heard } = listening;
  await openFromTree(page, 'watched.md');
  await openFromTree(page, 'other.md');
  const { resources } = await client.listResources();
  const watched = resources.find((r) => r.description === '/notes/watched.md');
  const other = resources.find((r) => r.description === '/notes/other.md');
  if (!watched || !other) throw new Error('the tabs are not listed');
  await client.subscribeResource({ uri: watched.uri });

  // Typing in the other document: the core gets it, and no notification comes for it.
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.type(' elsewhere');
  const otherId = other.uri.slice('vmark://tab/'.length);
  await expect
    .poll(async () => (await call(client, 'document', { action: 'read', tabId: otherId })).data)
    .toMatchObject({ content: 'Other elsewhere\n' });

  await page.locator('.tab[title="/notes/watched.md"]').click();
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.type(' typed');
  await expect.poll(() => heard.updated.length).toBeGreaterThan(0);
  expect(new Set(heard.updated)).toEqual(new Set([watched.uri]));
  await expect
    .poll(async () => {
      const r = (await client.readResource({ uri: watched.uri }))
        .contents[0] as TextResourceContents;
      return { text: r.text, dirty: r._meta?.dirty };
    })
    .toEqual({ text: 'Watched typed\n', dirty: true });
  expect(new Set(heard.updated)).toEqual(new Set([watched.uri]));
});

test('the list changes when a tab opens and when a file is deleted in the file tree', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'new.md', 'New\n');
  await writeOpfs(page, 'old.md', 'Old\n');
  await writeOpfs(page, 'deep/er/inside.md', 'Inside\n');
  await writeOpfs(page, 'node_modules/pkg/README.md', 'Not listed\n');
  await page.reload();
  await appServingAi(page);
  const listening = await listeningClient();
  client = listening.c;
  const uris = async () => (await client.listResources()).resources.map((r) => r.uri);
  expect(await uris()).toEqual([
    'vmark://file/notes/new.md',
    'vmark://file/notes/old.md',
    'vmark://file/notes/deep/er/inside.md',
  ]);

  await openFromTree(page, 'new.md');
  await expect.poll(() => listening.heard.listChanged).toBeGreaterThan(0);
  const tab = (await client.listResources()).resources[0];
  expect(tab).toMatchObject({ description: '/notes/new.md' });
  expect(tab.uri).toMatch(/^vmark:\/\/tab\//);
  expect(await uris()).not.toContain('vmark://file/notes/new.md');

  const heardBefore = listening.heard.listChanged;
  const row = page.locator('.tree').getByRole('button', { name: 'old.md', exact: true });
  await row.hover();
  await page.getByRole('button', { name: 'Delete old.md' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => listening.heard.listChanged).toBeGreaterThan(heardBefore);
  expect(await uris()).toEqual([tab.uri, 'vmark://file/notes/deep/er/inside.md']);
});

test('a subscription to a file no tab has open hears it change on disk', async ({ page }) => {
  await appServingAi(page);
  await writeOpfs(page, 'outside.md', 'Before\n');
  await writeOpfs(page, 'unrelated.md', 'Unrelated\n');
  const listening = await listeningClient();
  client = listening.c;
  const uri = 'vmark://file/notes/outside.md';
  await client.subscribeResource({ uri });
  // Another file of the folder changing says nothing about this one.
  await writeOpfs(page, 'unrelated.md', 'Unrelated, changed\n');
  // Written from the page, not through the app: as another program would.
  await writeOpfs(page, 'outside.md', 'After\n');
  await expect.poll(() => listening.heard.updated).toContain(uri);
  expect(new Set(listening.heard.updated)).toEqual(new Set([uri]));
  const read = (await client.readResource({ uri })).contents[0] as TextResourceContents;
  expect(read.text).toBe('After\n');
});

test('a client that listed hears documents appear on disk, not a document’s text change', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'kept.md', 'Kept\n');
  const listening = await listeningClient();
  client = listening.c;
  expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
    'vmark://file/notes/kept.md',
  ]);
  // Written from the page, as another program would. A new text for a listed file leaves the
  // list as it was: a second later, nothing was told.
  await writeOpfs(page, 'kept.md', 'Kept, rewritten\n');
  await page.waitForTimeout(1_000);
  expect(listening.heard.listChanged).toBe(0);
  // A new note in a new folder changes it.
  await writeOpfs(page, 'later/arrived.md', 'Arrived\n');
  await expect.poll(() => listening.heard.listChanged).toBeGreaterThan(0);
  expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
    'vmark://file/notes/kept.md',
    'vmark://file/notes/later/arrived.md',
  ]);
});
