/**
 * The answers promised by the MCP tool reference, action by action, through the real SDK client
 * over stdio, the relay and the app. The table lives in tests/support/contract/.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { openApp } from './support/app';
import { CONTRACT_ROWS, closeBrowserPages, contractContext, problems } from './support/contract';
import { connectClient } from './support/mcp';

let page: Page;
let client: Client;
/** Each tool's listed output schema, compiled: every answer's structuredContent must pass it. */
const outputChecks = new Map<
  string,
  (value: unknown) => { valid: boolean; errorMessage?: string }
>();

// The rows share one app: each works in a folder of its own.
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  client = await connectClient('Contract Test');
  const validator = new AjvJsonSchemaValidator();
  for (const tool of (await client.listTools()).tools) {
    if (tool.outputSchema) outputChecks.set(tool.name, validator.getValidator(tool.outputSchema));
  }
});

test.afterAll(async () => {
  await closeBrowserPages();
  await client?.close().catch(() => undefined);
  await page?.context().close();
});

test('the table has a row for every action the server lists, and a STALE row for each tool that takes expected_revision', async () => {
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const actions = (tool.inputSchema.properties?.action as { enum: string[] }).enum;
    for (const action of actions) {
      const rows = CONTRACT_ROWS.filter((r) => r.tool === tool.name && r.action === action);
      expect(rows.length, `${tool.name}.${action}`).toBeGreaterThan(0);
    }
    if (tool.inputSchema.properties?.expected_revision) {
      const stale = CONTRACT_ROWS.filter((r) => r.tool === tool.name && /STALE/.test(r.name));
      expect(stale.length, `${tool.name} STALE`).toBeGreaterThan(0);
    }
  }
});

// Under 0.9× @playwright/mcp's 17,565 bytes on the same measure (issue 25 §4).
test('what every conversation pays for the tools: names, descriptions and input schemas with the instructions, within 15,800 bytes', async () => {
  const { tools } = await client.listTools();
  const instructions = client.getInstructions() ?? '';
  // The instructions carry what each refusal means, once: they must have come through the relay.
  expect(instructions).toContain('INVALID_PATH');
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const perTool = tools.map((t) =>
    bytes(JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
  );
  expect(tools).toHaveLength(9);
  expect(perTool.reduce((a, b) => a + b, 0) + bytes(instructions)).toBeLessThanOrEqual(15_800);
});

CONTRACT_ROWS.forEach((row, index) => {
  test(`${row.tool}.${row.action}: ${row.name}`, async () => {
    const ctx = contractContext(page, client, `row-${index}`);
    const args = await row.args(ctx);
    const result = (await client.callTool({
      name: row.tool,
      arguments: { action: row.action, ...args },
    })) as CallToolResult;

    // Every answer, refusals and pictures included, fits the tool's declared output schema.
    const check = outputChecks.get(row.tool);
    expect(check, `${row.tool} declares an outputSchema`).toBeDefined();
    if (result.structuredContent !== undefined || result.isError !== true) {
      const verdict = check!(result.structuredContent);
      expect(verdict.valid, verdict.errorMessage).toBe(true);
    }

    if (row.image) {
      // A line naming the page and a JPEG (SPEC §2), instead of JSON.
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^Screenshot of https?:\/\/[^?#]+$/) },
        { type: 'image', mimeType: 'image/jpeg', data: expect.stringMatching(/^\/9j\//) },
      ]);
      return;
    }

    if (row.plain) {
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(row.plain) }]);
      // What a client notices next: for a refused argument, that nothing was done.
      const [block] = result.content;
      await row.then?.({ text: block.type === 'text' ? block.text : '' }, ctx, args);
      return;
    }

    // One text block of compact JSON, and structuredContent is that same value.
    expect(result.content).toHaveLength(1);
    const [block] = result.content;
    if (block.type !== 'text') throw new Error(`expected a text block, got ${block.type}`);
    const parsed = JSON.parse(block.text) as Record<string, unknown> | unknown[];
    // An array answer (coherence edges, claims, contexts) is wrapped as {items} there (SPEC §2).
    const answer = Array.isArray(parsed) ? { items: parsed } : parsed;
    expect(result.structuredContent).toEqual(answer);
    expect(block.text).toBe(JSON.stringify(parsed));

    expect(result.isError === true, block.text).toBe(row.refusal === true);
    expect(problems(answer, row.shape)).toEqual([]);
    await row.then?.(answer, ctx, args);
  });
});
