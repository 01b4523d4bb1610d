/**
 * What the browser-workflow specs (aiBrowserWorkflow, aiBrowserRecording) share: a hub of the
 * file's own with the app on it (its live browser is where the test's person puts their hands),
 * a local site with a new-post form, and the calls they make of a tab and a run.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { settleAiBrowser } from './aiBrowser';
import { openAiTab } from './aiBrowserCalls';
import { call } from './mcp';
import type { OwnHub } from './ownHub';
import { closeOwnHubApp, openOwnHubApp, type OwnHubApp } from './ownHubApp';
import { startPageServer, type PageServer, type Route } from './pageServer';

/** A form with a title, a password and a Save button that shows the saved title. */
export const FORM = `<!doctype html><title>New post</title>
<h1>New post</h1>
<label>Title <input id="title"></label>
<label>Password <input id="pw" type="password"></label>
<button onclick="save()">Save</button>
<p>Saved: <output id="saved"></output></p>
<script>
  function save() {
    document.getElementById('saved').textContent = document.getElementById('title').value;
  }
</script>`;

export interface WorkflowSpec {
  readonly own: OwnHub;
  /** The app, where the person answers prompts. */
  readonly page: Page;
  readonly client: Client;
  /** The local site: FORM at `/form`, and the file's own routes. */
  readonly site: PageServer;
  /** Opens an AI tab on the site's `path` and gives its id. */
  openTab(path?: string): Promise<string>;
  /** The run's workflow_status. */
  status(runId: string): Promise<Record<string, unknown>>;
  /** The run's workflow_status once it is no longer running. */
  ended(runId: string): Promise<Record<string, unknown>>;
  /** What the tab's form shows as saved. */
  savedText(tabId: string): Promise<string>;
}

/**
 * Sets up the spec file: before its tests the site and the hub with the app (and `clientName`'s
 * SDK client), after each test no prompt or AI tab left, after them all both closed.
 */
export function useWorkflowSpec(clientName: string, routes: Record<string, Route>): WorkflowSpec {
  let app: OwnHubApp | undefined;
  let site: PageServer | undefined;
  const started = (): { app: OwnHubApp; site: PageServer } => {
    if (!app || !site) throw new Error('the workflow spec has not started');
    return { app, site };
  };

  test.beforeAll(async ({ browser }) => {
    site = await startPageServer({ '/form': FORM, ...routes });
    app = await openOwnHubApp(browser, clientName);
  });

  test.afterEach(async () => {
    await settleAiBrowser(started().app.page);
  });

  test.afterAll(async () => {
    await closeOwnHubApp(app);
    await site?.close();
  });

  const spec: WorkflowSpec = {
    get own() {
      return started().app.own;
    },
    get page() {
      return started().app.page;
    },
    get client() {
      return started().app.client;
    },
    get site() {
      return started().site;
    },
    openTab: (path = '/form') => openAiTab(spec.client, spec.site.url(path)),
    status: async (runId) =>
      (await call(spec.client, 'browser_read', { action: 'workflow_status', runId })).data,
    async ended(runId) {
      let state: Record<string, unknown> = {};
      await expect
        .poll(async () => {
          state = await spec.status(runId);
          return state.status;
        })
        .not.toBe('running');
      return state;
    },
    async savedText(tabId) {
      const r = await call(spec.client, 'browser_read', {
        action: 'query',
        tabId,
        selector: '#saved',
      });
      return (r.data.elements as { text: string }[])[0].text;
    },
  };
  return spec;
}
