/**
 * Documents as MCP resources for one session (docs/mcp.md, "Documents as resources"): the open
 * tabs and then the workspaces' other documents listed page by page, tabs and workspace files
 * read, and subscriptions that tell the client when a document's text changed, at most once per
 * interval while someone types. The handlers sit on the SDK's low-level server
 * (McpServer.registerResource has no pagination).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { kindForPath } from '../../fileKinds/kind';
import { basenameOf } from '../../paths';
import { walkDocuments, type DocumentWalk, type ListFolder } from './documentWalk';
import { changesDocumentList } from './listChangeRecords';
import { createCoalescer, type Timers } from './coalescer';
import type {
  CoherenceHost,
  DocumentEvent,
  DocumentsHost,
  FilesHost,
  TabView,
  WindowsHost,
} from '../host';

import {
  RESOURCE_TEMPLATES,
  boundText,
  decodeCursor,
  encodeCursor,
  fileUri,
  mimeTypeOf,
  parseResourceUri,
  tabUri,
  type ListPosition,
  type ResourceTarget,
} from './resourceUri';
import type { SessionContext } from '../sessionContext';

/** What the resources read: the open tabs and their windows, files on disk, coherence heads. */
type ResourceHost = DocumentsHost & WindowsHost & FilesHost & CoherenceHost;

/** MCP's code for a resource that does not exist (2025-11-25, resources). */
export const RESOURCE_NOT_FOUND = -32002;
export const RESOURCE_PAGE_SIZE = 100;
/** At most one `updated` per URI (and one `list_changed`) in this many ms. */
export const NOTIFY_INTERVAL_MS = 300;

export const RESOURCE_CAPABILITIES = { subscribe: true, listChanged: true } as const;

export interface ResourceOptions {
  pageSize?: number;
  intervalMs?: number;
  timers?: Timers;
}

const notFound = (message: string) => new McpError(RESOURCE_NOT_FOUND, message);

/** Every open tab once, in the order of the windows' tab strips. */
function openTabs(host: ResourceHost): TabView[] {
  const seen = new Set<string>();
  const tabs: TabView[] = [];
  for (const w of host.windows()) {
    for (const id of w.tabIds) {
      const tab = host.tab(id);
      if (tab && !seen.has(id)) {
        seen.add(id);
        tabs.push(tab);
      }
    }
  }
  return tabs;
}

function describeTab(host: ResourceHost, tab: TabView): Resource {
  const title = host.title(tab);
  return {
    uri: tabUri(tab.id),
    name: title,
    title,
    description: tab.path ?? 'untitled',
    mimeType: mimeTypeOf(tab.kind),
  };
}

/** A workspace document that no tab has open. */
function describeFile(path: string): Resource {
  const name = basenameOf(path);
  return {
    uri: fileUri(path),
    name,
    title: name,
    description: path,
    mimeType: mimeTypeOf(kindForPath(path) === 'yaml-workflow' ? 'yaml-workflow' : 'markdown'),
  };
}

/** The workspaces the session may list: those whose folder the browser can still read. */
function workspaceRoots(host: ResourceHost): string[] {
  return host
    .workspaces()
    .filter((w) => w.access === 'granted')
    .map((w) => `/${w.mount}`);
}

function listFolder(host: ResourceHost): ListFolder {
  return async (path) => {
    const resolved = host.resolvePath(path);
    if (!resolved.ok) return null;
    const listed = await host.listDir(resolved);
    return listed.ok ? listed.entries : null;
  };
}

function tabContents(host: ResourceHost, uri: string, tab: TabView): ReadResourceResult {
  const { text, meta } = boundText(tab.text);
  return {
    contents: [
      {
        uri,
        mimeType: mimeTypeOf(tab.kind),
        text,
        _meta: {
          tabId: tab.id,
          revision: tab.revision,
          filePath: tab.path,
          dirty: host.dirty(tab),
          ...meta,
        },
      },
    ],
  };
}

/** Registers the resource handlers on `server`; answers how to drop the session's subscriptions. */
export function serveResources(
  server: Server,
  host: ResourceHost,
  session?: Pick<SessionContext, 'reads'>,
  options: ResourceOptions = {},
): () => void {
  const pageSize = options.pageSize ?? RESOURCE_PAGE_SIZE;
  const intervalMs = options.intervalMs ?? NOTIFY_INTERVAL_MS;
  /** Subscribed URIs and what each names (a file by its normalised path). */
  const subscriptions = new Map<string, ResourceTarget>();
  const quiet = (p: Promise<void>) => p.catch(() => undefined);
  const updated = createCoalescer<string>(
    intervalMs,
    (uri) => void quiet(server.sendResourceUpdated({ uri })),
    options.timers,
  );
  const listChanged = createCoalescer<'list'>(
    intervalMs,
    () => void quiet(server.sendResourceListChanged()),
    options.timers,
  );

  /** What a URI names, with a file's path checked and normalised; throws -32002 when nothing. */
  const target = (uri: string): ResourceTarget => {
    const parsed = parseResourceUri(uri);
    if (typeof parsed === 'string') throw notFound(`Resource not found: ${parsed}`);
    if (parsed.kind === 'tab') {
      if (!host.tab(parsed.tabId)) {
        throw notFound(
          `Resource not found: no open tab has id "${parsed.tabId}" (see resources/list or session.get_state).`,
        );
      }
      return parsed;
    }
    const resolved = host.resolvePath(parsed.path);
    if (!resolved.ok) throw notFound(`Resource not found: ${resolved.message}`);
    return { kind: 'file', path: resolved.path };
  };

  /** The session's latest walk over the workspaces, which the next page's cursor continues. */
  let walk: { id: number; walk: DocumentWalk } | null = null;
  let walks = 0;
  const notOpen = (path: string) => !host.findByPath(path);
  const startWalk = () => {
    const roots = workspaceRoots(host);
    watchTrees(roots);
    walk = { id: ++walks, walk: walkDocuments(roots, listFolder(host)) };
    return walk;
  };

  /** The workspace documents from `offset` on, continuing the session's walk when it can. */
  async function filesPage(
    position: { walk: number; offset: number } | null,
    count: number,
  ): Promise<{ resources: Resource[]; next?: ListPosition }> {
    let current = walk;
    const continues =
      position !== null &&
      current?.id === position.walk &&
      current.walk.position === position.offset;
    if (!continues || !current) {
      current = startWalk();
      // A cursor this walk cannot continue: the documents before its offset are passed over again.
      if (position) await current.walk.next(position.offset, notOpen);
    }
    const paths = await current.walk.next(count, notOpen);
    return {
      resources: paths.map(describeFile),
      ...(current.walk.done
        ? {}
        : { next: { phase: 'files', walk: current.id, offset: current.walk.position } }),
    };
  }

  /**
   * From its first list on, the session hears documents and folders appear, disappear or move on
   * disk in each workspace it may list (another program's changes), as list changes.
   */
  const treeWatches = new Map<string, () => void>();
  const watchTrees = (roots: readonly string[]) => {
    for (const [root, stop] of treeWatches) {
      if (roots.includes(root)) continue;
      stop();
      treeWatches.delete(root);
    }
    for (const root of roots) {
      const resolved = host.resolvePath(root);
      if (treeWatches.has(root) || !resolved.ok) continue;
      const stop = host.watchTree(resolved, (records) => {
        if (changesDocumentList(records)) listChanged.poke('list');
      });
      treeWatches.set(root, stop);
    }
  };

  /** Pages of one session are made one after the other: a walk goes on from one place only. */
  let listing: Promise<unknown> = Promise.resolve();
  server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const page = listing.then(() => listPage(request.params?.cursor));
    listing = page.catch(() => undefined);
    return page;
  });

  async function listPage(cursor: string | undefined) {
    const position =
      cursor === undefined ? ({ phase: 'tabs', offset: 0 } as const) : decodeCursor(cursor);
    if (position === null) {
      throw new McpError(
        ErrorCode.InvalidParams,
        'Invalid cursor: pass the nextCursor of the previous resources/list answer, or none.',
      );
    }
    let resources: Resource[];
    let next: ListPosition | undefined;
    if (position.phase === 'tabs') {
      const tabs = openTabs(host);
      const { offset } = position;
      resources = tabs.slice(offset, offset + pageSize).map((tab) => describeTab(host, tab));
      if (offset + pageSize < tabs.length) {
        next = { phase: 'tabs', offset: offset + pageSize };
      } else {
        // The open tabs are all listed: the rest of the page lists the workspaces' documents.
        const files = await filesPage(null, pageSize - resources.length);
        resources = [...resources, ...files.resources];
        next = files.next;
      }
    } else {
      const files = await filesPage(position, pageSize);
      resources = files.resources;
      next = files.next;
    }
    return { resources, ...(next ? { nextCursor: encodeCursor(next) } : {}) };
  }

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCE_TEMPLATES,
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const t = target(uri);
    const tab = t.kind === 'tab' ? host.tab(t.tabId) : host.findByPath(t.path);
    if (tab) {
      // As with document.read, what the client read is an input of its next save.
      if (session && tab.path) {
        session.reads.push({ path: tab.path, revision: await host.coherenceHead(tab.path) });
      }
      return tabContents(host, uri, tab);
    }
    if (t.kind === 'tab') throw notFound(`Resource not found: tab "${t.tabId}" has closed.`);
    const resolved = host.resolvePath(t.path);
    if (!resolved.ok) throw notFound(`Resource not found: ${resolved.message}`);
    const read = await host.readFile(resolved);
    if (!read.ok) {
      if (read.error === 'NOT_FOUND' || read.error === 'INVALID_PATH') {
        throw notFound(`Resource not found: ${read.message}`);
      }
      throw new McpError(ErrorCode.InternalError, `${t.path} could not be read: ${read.message}`);
    }
    const { text, meta } = boundText(read.text);
    return {
      contents: [
        {
          uri,
          mimeType: mimeTypeOf(read.kind),
          text,
          _meta: { filePath: t.path, open: false, ...meta },
        },
      ],
    };
  });

  /** For each subscribed file URI, the tab that held its path when last looked (null: none). */
  const holders = new Map<string, string | null>();
  const holderOf = (path: string) => host.findByPath(path)?.id ?? null;

  /** For each subscribed file URI, how to stop watching its file on disk. */
  const unwatch = new Map<string, () => void>();

  /** A file URI also hears its file change on disk while no tab has it open. */
  const watchOnDisk = (uri: string, path: string) => {
    const resolved = host.resolvePath(path);
    if (!resolved.ok) return;
    unwatch.set(
      uri,
      host.watchFile(resolved, () => {
        if (holderOf(path) === null) updated.poke(uri);
      }),
    );
  };

  const forget = (uri: string) => {
    subscriptions.delete(uri);
    holders.delete(uri);
    unwatch.get(uri)?.();
    unwatch.delete(uri);
  };

  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    const t = target(uri);
    forget(uri);
    subscriptions.set(uri, t);
    if (t.kind === 'file') {
      holders.set(uri, holderOf(t.path));
      watchOnDisk(uri, t.path);
    }
    return {};
  });

  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    forget(request.params.uri);
    updated.cancel(request.params.uri);
    return {};
  });

  /**
   * After the tabs or the file tree changed: a file URI whose document is now another one (a tab
   * opened it, a save put another text at its path, its tab closed and the file on disk answers
   * again) is told, and after a change in the tree so is every file URI with no tab (its file may
   * have been made, renamed or deleted). A tab URI whose tab closed is told once, and dropped.
   */
  const afterLayoutChange = (treeChanged: boolean) => {
    for (const [uri, t] of subscriptions) {
      if (t.kind === 'tab') {
        if (host.tab(t.tabId)) continue;
        updated.poke(uri);
        forget(uri);
        continue;
      }
      const holder = holderOf(t.path);
      if (holder !== holders.get(uri) || (treeChanged && holder === null)) updated.poke(uri);
      holders.set(uri, holder);
    }
  };

  const onChange = (event: DocumentEvent) => {
    if (event.type === 'tabs' || event.type === 'files') {
      listChanged.poke('list');
      afterLayoutChange(event.type === 'files');
      return;
    }
    if (subscriptions.size === 0) return;
    const tab = host.tab(event.tabId);
    for (const [uri, t] of subscriptions) {
      const hit = t.kind === 'tab' ? t.tabId === event.tabId : tab?.path === t.path;
      if (hit) updated.poke(uri);
    }
  };
  const stop = host.listen(onChange);

  return () => {
    stop();
    walk = null;
    for (const uri of [...subscriptions.keys()]) forget(uri);
    watchTrees([]);
    updated.dispose();
    listChanged.dispose();
  };
}

export { fileUri, tabUri };
