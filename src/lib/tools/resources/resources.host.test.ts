/**
 * Documents as resources, through the real SDK: Clients over in-memory transports to the server
 * the app runs, over the in-memory host. Timers are fake so that coalescing is counted, not timed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type TextResourceContents,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFY_INTERVAL_MS, RESOURCE_NOT_FOUND, RESOURCE_PAGE_SIZE } from './resources';
import { openMcpSession } from '../server';
import { createTestHost, type TestHost } from '../../worker/testHost';

interface Connected {
  client: Client;
  updated: string[];
  listChanged: number;
}

async function connect(t: TestHost, name = 'resource test'): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await openMcpSession(t.host, serverSide, name);
  const client = new Client({ name, version: '1.0.0' });
  const c: Connected = { client, updated: [], listChanged: 0 };
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    c.updated.push(n.params.uri);
  });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    c.listChanged++;
  });
  await client.connect(clientSide);
  return c;
}

async function setup() {
  const t = createTestHost();
  t.files.put('/notes/a.md', 'alpha 世界\n');
  t.files.put('/notes/b.md', 'beta\n');
  t.files.put('/notes/closed.md', 'on disk\n');
  t.files.put('/notes/.github/workflows/ci.yml', 'on: push\n');
  const a = await t.documents.open('main', '/notes/a.md');
  const b = await t.documents.open('main', '/notes/b.md');
  if (!a.ok || !b.ok) throw new Error('could not open');
  const ai = await connect(t);
  return { t, ai, a: a.doc.id, b: b.doc.id };
}

const text = (r: { contents: unknown[] }) => r.contents[0] as TextResourceContents;

async function rpcError(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code: number; message: string };
  }
  throw new Error('expected an error');
}

/** Lets the in-memory transport deliver what is in flight. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => undefined);
async function flush() {
  for (let i = 0; i < 10; i++) await settle();
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('resources', () => {
  it('are declared with subscriptions and list changes', async () => {
    const { ai } = await setup();
    expect(ai.client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
      listChanged: true,
    });
  });

  it('list every open tab with its title, path and MIME type, then the documents not open', async () => {
    const { t, ai, a } = await setup();
    t.documents.newTab('main', 'yaml-workflow');
    t.files.put('/notes/picture.png', 'not a document');
    const { resources, nextCursor } = await ai.client.listResources();
    expect(nextCursor).toBeUndefined();
    expect(resources[0]).toEqual({
      uri: `vmark://tab/${a}`,
      name: 'a.md',
      title: 'a.md',
      description: '/notes/a.md',
      mimeType: 'text/markdown',
    });
    expect(resources.map((r) => r.description)).toEqual([
      '/notes/a.md',
      '/notes/b.md',
      'untitled',
      '/notes/closed.md',
      '/notes/.github/workflows/ci.yml',
    ]);
    expect(resources[2].mimeType).toBe('application/yaml');
    expect(resources[3]).toEqual({
      uri: 'vmark://file/notes/closed.md',
      name: 'closed.md',
      title: 'closed.md',
      description: '/notes/closed.md',
      mimeType: 'text/markdown',
    });
    expect(resources[4]).toMatchObject({
      uri: 'vmark://file/notes/.github/workflows/ci.yml',
      mimeType: 'application/yaml',
    });
    // What a listed file's URI reads is the file on disk.
    const read = await ai.client.readResource({ uri: resources[3].uri });
    expect(text(read).text).toBe('on disk\n');
  });

  it('page through many workspace documents, each once, and take back a cursor of an earlier walk', async () => {
    const { t, ai } = await setup();
    for (let i = 0; i < 250; i++) t.files.put(`/notes/many/f${String(i).padStart(3, '0')}.md`, '');
    const pages = [await ai.client.listResources()];
    while (pages.at(-1)?.nextCursor) {
      pages.push(await ai.client.listResources({ cursor: pages.at(-1)?.nextCursor }));
    }
    expect(pages.map((p) => p.resources.length)).toEqual([
      RESOURCE_PAGE_SIZE,
      RESOURCE_PAGE_SIZE,
      54,
    ]);
    const uris = pages.flatMap((p) => p.resources.map((r) => r.uri));
    expect(new Set(uris).size).toBe(2 + 2 + 250);
    expect(uris).not.toContain('vmark://file/notes/a.md'); // open: listed once, as its tab
    // A new first page starts another walk; the old cursor still gives the same second page.
    await ai.client.listResources();
    const again = await ai.client.listResources({ cursor: pages[0].nextCursor });
    expect(again.resources.map((r) => r.uri)).toEqual(pages[1].resources.map((r) => r.uri));
  });

  it('tell a session that listed when documents appear on disk, not when one changes', async () => {
    const { t, ai } = await setup();
    t.files.changeOnDisk('/notes/before-listing.md', 'not watched yet\n');
    await flush();
    expect(ai.listChanged).toBe(0);
    await ai.client.listResources();
    t.files.changeOnDisk('/notes/closed.md', 'new content, same list\n');
    await flush();
    expect(ai.listChanged).toBe(0);
    t.files.changeOnDisk('/notes/drafts/new.md', 'written by another program\n');
    await flush();
    expect(ai.listChanged).toBe(1);
    await ai.client.close();
    await flush();
    expect(t.files.treeWatchers.get('/notes')?.size).toBe(0);
  });

  it('answer two requests for the same page alike, even at once', async () => {
    const { t, ai } = await setup();
    // The first page ends with the files at the root (2 tabs, closed.md and 97 more), so the
    // second begins by listing a folder.
    for (let i = 0; i < 97; i++) t.files.put(`/notes/r${String(i).padStart(2, '0')}.md`, '');
    for (let i = 0; i < 250; i++) t.files.put(`/notes/d${Math.floor(i / 10)}/f${i}.md`, '');
    // A folder takes a while to list, as on disk, so both requests are in flight together.
    const list = t.files.list.bind(t.files);
    t.files.list = async (path) => {
      for (let i = 0; i < 50; i++) await Promise.resolve();
      return list(path);
    };
    const first = await ai.client.listResources();
    const [a, b] = await Promise.all([
      ai.client.listResources({ cursor: first.nextCursor }),
      ai.client.listResources({ cursor: first.nextCursor }),
    ]);
    expect(a.resources).toHaveLength(RESOURCE_PAGE_SIZE);
    expect(b.resources.map((r) => r.uri)).toEqual(a.resources.map((r) => r.uri));
  });

  it('tell every session when files are made or deleted in the file tree', async () => {
    const { t, ai } = await setup();
    t.files.put('/notes/new.md', '');
    t.documents.filesChanged();
    await vi.advanceTimersByTimeAsync(NOTIFY_INTERVAL_MS);
    await flush();
    expect(ai.listChanged).toBe(1);
    const { resources } = await ai.client.listResources();
    expect(resources.map((r) => r.description)).toContain('/notes/new.md');
  });

  it('page the list with an opaque cursor, and refuse a cursor that is not one', async () => {
    const { t, ai } = await setup();
    for (let i = 0; i < RESOURCE_PAGE_SIZE + 5; i++) t.documents.newTab('main');
    const first = await ai.client.listResources();
    expect(first.resources).toHaveLength(RESOURCE_PAGE_SIZE);
    expect(first.nextCursor).toBeTypeOf('string');
    const second = await ai.client.listResources({ cursor: first.nextCursor });
    // 7 tabs, then the 2 documents that are not open.
    expect(second.resources).toHaveLength(9);
    expect(second.resources[7].uri).toBe('vmark://file/notes/closed.md');
    expect(second.nextCursor).toBeUndefined();
    const uris = new Set([...first.resources, ...second.resources].map((r) => r.uri));
    expect(uris.size).toBe(RESOURCE_PAGE_SIZE + 9);
    const bad = await rpcError(ai.client.listResources({ cursor: 'page-2' }));
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/Invalid cursor/);
  });

  it('offer templates for files and tabs', async () => {
    const { ai } = await setup();
    const { resourceTemplates } = await ai.client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual([
      'vmark://file{+path}',
      'vmark://tab/{tabId}',
    ]);
  });

  it('read a tab as document.read does: same text and revision', async () => {
    const { t, ai, a } = await setup();
    const read = await ai.client.callTool({
      name: 'document',
      arguments: { action: 'read', tabId: a },
    });
    const answer = read.structuredContent as Record<string, unknown>;
    const r = text(await ai.client.readResource({ uri: `vmark://tab/${a}` }));
    expect(r.text).toBe(answer.content);
    expect(r.mimeType).toBe('text/markdown');
    expect(r._meta).toEqual({
      tabId: a,
      revision: answer.revision,
      filePath: '/notes/a.md',
      dirty: false,
    });
    expect(t.host.tab(a)?.revision).toBe(answer.revision);
  });

  it('read a file open in a tab as that tab, unsaved text included', async () => {
    const { t, ai, a } = await setup();
    await t.host.mutate(a, { origin: 'mcp' }, () => ({ ok: true, text: 'typed, not saved\n' }));
    const r = text(await ai.client.readResource({ uri: 'vmark://file/notes/a.md' }));
    expect(r.uri).toBe('vmark://file/notes/a.md');
    expect(r.text).toBe('typed, not saved\n');
    expect(r._meta).toMatchObject({ tabId: a, revision: t.host.tab(a)?.revision, dirty: true });
  });

  it('read a file that is not open from disk, with no revision', async () => {
    const { ai } = await setup();
    const r = text(await ai.client.readResource({ uri: 'vmark://file/notes/closed.md' }));
    expect(r.text).toBe('on disk\n');
    expect(r._meta).toEqual({ filePath: '/notes/closed.md', open: false });
    const yaml = text(
      await ai.client.readResource({ uri: 'vmark://file/notes/.github/workflows/ci.yml' }),
    );
    expect(yaml.mimeType).toBe('application/yaml');
  });

  it('answer resource-not-found for an unknown tab, a missing file or a path outside', async () => {
    const { ai } = await setup();
    for (const uri of [
      'vmark://tab/tab-999',
      'vmark://file/notes/missing.md',
      'vmark://file/elsewhere/x.md',
      'https://example.com/',
    ]) {
      const e = await rpcError(ai.client.readResource({ uri }));
      expect(e.code, uri).toBe(RESOURCE_NOT_FOUND);
      expect(e.message, uri).toMatch(/Resource not found/);
    }
  });

  it('say a text longer than the bound is cut, and how much', async () => {
    const { t, ai, a } = await setup();
    await t.host.mutate(a, { origin: 'mcp' }, () => ({ ok: true, text: 'x'.repeat(80_000) }));
    const r = text(await ai.client.readResource({ uri: `vmark://tab/${a}` }));
    expect(r.text).toBe('x'.repeat(75_000));
    expect(r._meta).toMatchObject({ truncated: true, bytes_total: 80_000, bytes_shown: 75_000 });
    expect(String(r._meta?.truncation_note)).toMatch(/document\.read has the same bound/);
  });
});

describe('resource subscriptions', () => {
  it('tell a subscriber once when another session writes its document, not for another one', async () => {
    const { t, ai, a, b } = await setup();
    const other = await connect(t, 'other client');
    await ai.client.subscribeResource({ uri: `vmark://tab/${a}` });
    await other.client.callTool({
      name: 'document',
      arguments: { action: 'write', tabId: b, content: 'b changed', save: false },
    });
    await flush();
    expect(ai.updated).toEqual([]);
    await other.client.callTool({
      name: 'document',
      arguments: { action: 'write', tabId: a, content: 'a changed', save: false },
    });
    await flush();
    expect(ai.updated).toEqual([`vmark://tab/${a}`]);
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS * 3);
    await flush();
    expect(ai.updated).toEqual([`vmark://tab/${a}`]);
    expect(other.updated).toEqual([]);
  });

  it('fold many quick keystrokes into one at once and one at the end of the interval', async () => {
    const { t, ai, a } = await setup();
    await ai.client.subscribeResource({ uri: 'vmark://file/notes/a.md' });
    for (let i = 0; i < 30; i++) {
      const doc = t.store.tabs.get(a);
      if (!doc) throw new Error('no tab');
      t.documents.edit(a, doc.version, [{ from: 0, to: 0, insert: 'k' }], 'main');
      vi.advanceTimersByTime(5);
    }
    await flush();
    expect(ai.updated).toEqual(['vmark://file/notes/a.md']);
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS);
    await flush();
    expect(ai.updated).toEqual(['vmark://file/notes/a.md', 'vmark://file/notes/a.md']);
  });

  it('tell a file subscriber when another text is saved over the closed file, or its tab closes', async () => {
    const { t, ai, b } = await setup();
    const uri = 'vmark://file/notes/closed.md';
    await ai.client.subscribeResource({ uri });
    // Another document opening changes nothing for this URI.
    t.documents.newTab('main');
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS);
    await flush();
    expect(ai.updated).toEqual([]);
    // A client saves tab b over the closed file: the URI now reads b's text.
    const saved = await t.host.save(b, '/notes/closed.md', true);
    expect(saved.ok).toBe(true);
    await flush();
    expect(ai.updated).toEqual([uri]);
    expect(text(await ai.client.readResource({ uri })).text).toBe('beta\n');
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS);
    t.documents.close(b, true);
    await flush();
    expect(ai.updated).toEqual([uri, uri]);
  });

  it('tell a tab subscriber once when its tab closes, then nothing more', async () => {
    const { t, ai, a } = await setup();
    const uri = `vmark://tab/${a}`;
    await ai.client.subscribeResource({ uri });
    t.documents.close(a, true);
    await flush();
    expect(ai.updated).toEqual([uri]);
    t.documents.filesChanged();
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS * 2);
    await flush();
    expect(ai.updated).toEqual([uri]);
  });

  it('tell the subscriber of a file with no tab when the file tree changes', async () => {
    const { t, ai } = await setup();
    await ai.client.subscribeResource({ uri: 'vmark://file/notes/closed.md' });
    await ai.client.subscribeResource({ uri: 'vmark://file/notes/a.md' });
    t.files.files.delete('/notes/closed.md');
    t.documents.filesChanged();
    await flush();
    // a.md is open: its tab's text is what the URI reads, and it did not change.
    expect(ai.updated).toEqual(['vmark://file/notes/closed.md']);
    const gone = await rpcError(ai.client.readResource({ uri: 'vmark://file/notes/closed.md' }));
    expect(gone.code).toBe(RESOURCE_NOT_FOUND);
  });

  it('tell a file subscriber when another program changes the file while no tab has it open', async () => {
    const { t, ai } = await setup();
    const closed = 'vmark://file/notes/closed.md';
    const open = 'vmark://file/notes/a.md';
    await ai.client.subscribeResource({ uri: closed });
    await ai.client.subscribeResource({ uri: open });
    t.files.changeOnDisk('/notes/closed.md', 'edited elsewhere\n');
    // a.md is open: the URI reads its tab, which the change on disk does not touch.
    t.files.changeOnDisk('/notes/a.md', 'edited elsewhere too\n');
    await flush();
    expect(ai.updated).toEqual([closed]);
    expect(text(await ai.client.readResource({ uri: closed })).text).toBe('edited elsewhere\n');
    // Unsubscribing (or closing the session) stops the watch.
    await ai.client.unsubscribeResource({ uri: closed });
    expect(t.files.watchers.get('/notes/closed.md')?.size).toBe(0);
    await ai.client.close();
    await flush();
    expect(t.files.watchers.get('/notes/a.md')?.size).toBe(0);
  });

  it('stop after unsubscribe', async () => {
    const { t, ai, a } = await setup();
    const uri = `vmark://tab/${a}`;
    await ai.client.subscribeResource({ uri });
    await ai.client.unsubscribeResource({ uri });
    await t.host.mutate(a, { origin: 'mcp' }, () => ({ ok: true, text: 'later' }));
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS * 2);
    await flush();
    expect(ai.updated).toEqual([]);
  });

  it('refuse to subscribe to what does not exist', async () => {
    const { ai } = await setup();
    const e = await rpcError(ai.client.subscribeResource({ uri: 'vmark://tab/nope' }));
    expect(e.code).toBe(RESOURCE_NOT_FOUND);
  });

  it('are dropped with the session: nothing listens after it closes', async () => {
    const { t, ai, a } = await setup();
    await ai.client.subscribeResource({ uri: `vmark://tab/${a}` });
    const before = vi.getTimerCount();
    await ai.client.close();
    await flush();
    await t.host.mutate(a, { origin: 'mcp' }, () => ({ ok: true, text: 'after close' }));
    expect(vi.getTimerCount()).toBe(before);
    expect(ai.updated).toEqual([]);
  });

  it('tell every session when tabs open or close, coalesced', async () => {
    const { t, ai, a, b } = await setup();
    t.documents.newTab('main');
    t.documents.newTab('main');
    await flush();
    expect(ai.listChanged).toBe(1);
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS);
    await flush();
    expect(ai.listChanged).toBe(2);
    vi.advanceTimersByTime(NOTIFY_INTERVAL_MS);
    t.documents.close(a, true);
    t.documents.close(b, true);
    await flush();
    expect(ai.listChanged).toBe(3);
    const { resources } = await ai.client.listResources();
    // The closed tabs' files are listed as files now.
    expect(resources.map((r) => r.uri).slice(2, 4)).toEqual([
      'vmark://file/notes/a.md',
      'vmark://file/notes/b.md',
    ]);
    expect(resources.map((r) => r.description).slice(0, 2)).toEqual(['untitled', 'untitled']);
  });
});
