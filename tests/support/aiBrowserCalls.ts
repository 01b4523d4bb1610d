/**
 * The browser tools as the end-to-end conformance specs call them: through the SDK client only.
 * What a page recorded (clicks, events) is read back with browser_read, from the JSON the
 * fixture pages keep on `<html data-…>` (tests/fixtures/pages/agent); a field's live value with
 * execute_js, which the person allows once in the app.
 */
import { expect, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { answerPrompt } from './aiBrowser';
import { call } from './mcp';

export type CallResult = Awaited<ReturnType<typeof call>>;

export interface SnapshotNode {
  role: string;
  name: string;
  ref: string;
  level?: number;
  checked?: boolean;
  disabled?: boolean;
  upload?: boolean;
}

/** Opens an AI tab on the address and gives its id. */
export async function openAiTab(client: Client, url: string): Promise<string> {
  const r = await call(client, 'browser', { action: 'open', url });
  expect(r.isError, r.text).toBe(false);
  return r.data.tabId as string;
}

/** browser.act on the tab. */
export function act(client: Client, tabId: string, args: Record<string, unknown>) {
  return call(client, 'browser', { action: 'act', tabId, ...args });
}

/** browser_read.read of the tab as node objects (format "nodes"); fails the test on a refusal. */
export async function readTab(client: Client, tabId: string) {
  const r = await call(client, 'browser_read', { action: 'read', tabId, format: 'nodes' });
  expect(r.isError, r.text).toBe(false);
  return r.data as Record<string, unknown> & { snapshot: SnapshotNode[] };
}

/** The node with this role and name in a read; fails the test unless there is exactly one. */
export function nodeNamed(nodes: SnapshotNode[], role: string, name: string): SnapshotNode {
  const found = nodes.filter((n) => n.role === role && n.name === name);
  expect(found, `${role} "${name}"`).toHaveLength(1);
  return found[0];
}

/** The page's `<html data-<key>>`, parsed as JSON; undefined when the page never set it. */
export async function recorded(client: Client, tabId: string, key: string): Promise<unknown> {
  const r = await call(client, 'browser_read', {
    action: 'query',
    tabId,
    selector: 'html',
    fields: { attributes: true },
  });
  expect(r.isError, r.text).toBe(false);
  const [html] = r.data.elements as { attributes: Record<string, string> }[];
  const value = html.attributes[`data-${key}`];
  return value === undefined ? undefined : JSON.parse(value);
}

/** The clicks the page saw (record.js): `[{id, trusted}]`, in order. */
export async function clicksSeen(client: Client, tabId: string) {
  return ((await recorded(client, tabId, 'clicks')) ?? []) as { id: string; trusted: boolean }[];
}

/** The text of the element the selector matches (exactly one). */
export async function textOf(client: Client, tabId: string, selector: string): Promise<string> {
  const r = await call(client, 'browser_read', { action: 'query', tabId, selector });
  expect(r.isError, r.text).toBe(false);
  expect(r.data.count, selector).toBe(1);
  return (r.data.elements as { text: string }[])[0].text;
}

/**
 * Makes an act that asks, answers "Allow on this site" in the app, and gives the retry's answer:
 * the operation is then granted on that origin for the rest of the app page's life.
 */
export async function allowOnSite(
  page: Page,
  client: Client,
  tabId: string,
  args: Record<string, unknown>,
): Promise<CallResult> {
  const first = await act(client, tabId, args);
  expect(first.data, first.text).toMatchObject({
    error: 'APPROVAL_REQUIRED',
    operation: args.operation,
  });
  await answerPrompt(page, 'Allow on this site');
  return act(client, tabId, args);
}

/** The live `value` of each selector's element, read by execute_js the person allows once. */
export async function valuesOf(
  page: Page,
  client: Client,
  tabId: string,
  selectors: string[],
): Promise<string[]> {
  const script = `return ${JSON.stringify(selectors)}.map((s) => document.querySelector(s).value);`;
  const args = { action: 'execute_js', tabId, script };
  const first = await call(client, 'browser', args);
  expect(first.data, first.text).toMatchObject({ needsApproval: true, operation: 'eval' });
  await answerPrompt(page, 'Allow once');
  const r = await call(client, 'browser', args);
  expect(r.isError, r.text).toBe(false);
  return r.data.result as string[];
}
