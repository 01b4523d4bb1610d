/**
 * The contract through the real SDK: a McpServer with every definition registered, talking to a
 * real Client over an in-memory transport pair.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EXPECTED_REVISION_MESSAGE,
  SERVER_INFO,
  SERVER_INSTRUCTIONS,
  TAB_ID_MESSAGE,
  TOOL_DEFINITIONS,
  limitSize,
  refusal,
  registerTools,
  success,
} from './index';

interface Call {
  tool: string;
  args: unknown;
}

let client: Client;
let server: McpServer;
let calls: Call[];
let aborted: boolean;

beforeEach(async () => {
  calls = [];
  aborted = false;
  server = new McpServer(SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
    capabilities: { tools: {} },
  });
  registerTools(server, async (name, args, context) => {
    calls.push({ tool: name, args });
    if (name === 'browser_read') {
      context.progress(1_000, 3_000, 'one second');
      context.progress(1_000, 3_000, 'not again: progress must grow');
      context.progress(2_000, 3_000, 'two seconds');
      if (args.action === 'wait') {
        await new Promise<void>((resolve) =>
          context.signal?.addEventListener('abort', () => {
            aborted = true;
            resolve();
          }),
        );
      }
      return success({ done: true });
    }
    if (name === 'document') {
      return refusal('STALE', 'The document changed.', { current_revision: 'rev-AAAAAAAA' });
    }
    if (name === 'workflow') return success({ huge: 'x'.repeat(100_000) });
    return success({ echoed: args });
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'contract-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterEach(async () => {
  await client.close();
  await server.close();
});

function textOf(result: unknown): string {
  const { content } = result as CallToolResult;
  const [block] = content;
  if (block.type !== 'text') throw new Error(`expected text, got ${block.type}`);
  return block.text;
}

describe('through a real McpServer and Client', () => {
  it('hands the instructions and server info to the client', () => {
    expect(client.getInstructions()).toBe(SERVER_INSTRUCTIONS);
    expect(client.getServerVersion()).toMatchObject(SERVER_INFO);
  });

  it('lists the tools in order with titles, descriptions and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'session',
      'workspace',
      'document',
      'workflow',
      'selection',
      'browser',
      'browser_read',
      'coherence',
      'coherence_resolve',
    ]);
    tools.forEach((tool, index) => {
      const definition = TOOL_DEFINITIONS[index];
      expect(tool.title).toBe(definition.title);
      expect(tool.description).toBe(definition.description);
      expect(tool.annotations).toEqual(definition.annotations);
    });
  });

  it('derives a JSON Schema for every tool', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const definition = TOOL_DEFINITIONS.find((d) => d.name === tool.name);
      expect(tool.inputSchema.type).toBe('object');
      // The coherence tools also need the folder (and resolve its edge and resolution).
      const required: Record<string, string[]> = {
        coherence: ['action', 'workspace_root'],
        coherence_resolve: ['action', 'workspace_root', 'txf', 'input', 'resolution'],
      };
      expect(tool.inputSchema.required).toEqual(required[tool.name] ?? ['action']);
      expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(
        Object.keys(definition?.inputSchema ?? {}),
      );
      expect(tool.inputSchema.properties?.action).toMatchObject({
        type: 'string',
        enum: [...(definition?.inputSchema.action.options ?? [])],
      });
    }
    const [, workspace, document] = tools;
    expect(workspace.inputSchema.properties?.tabId).toMatchObject({
      type: 'string',
      minLength: 1,
    });
    expect(workspace.inputSchema.properties?.force).toMatchObject({ type: 'boolean' });
    expect(document.inputSchema.properties?.save).toMatchObject({
      type: 'boolean',
      default: true,
    });
    expect(document.inputSchema.properties?.kind).toMatchObject({
      enum: ['cjk-format', 'cjk-spacing', 'cjk-punctuation'],
    });
  });

  // Issue 25 §4: the dialect line is left out of what every conversation pays for; nothing else
  // of the schema changes (MCP reads a schema without $schema as 2020-12, where these keywords
  // mean what they mean in draft-07).
  it('lists every input schema without $schema, and otherwise as the SDK derives it', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const definition = TOOL_DEFINITIONS.find((d) => d.name === tool.name)!;
      const derived = z.toJSONSchema(z.strictObject(definition.inputSchema), {
        target: 'draft-7',
        io: 'input',
      }) as Record<string, unknown>;
      expect(derived.$schema).toBe('http://json-schema.org/draft-07/schema#');
      const { $schema: _dialect, ...rest } = derived;
      expect(Object.hasOwn(tool.inputSchema, '$schema'), tool.name).toBe(false);
      expect(tool.inputSchema, tool.name).toEqual(rest);
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    }
  });

  it('passes the parsed arguments to the handler as given (a missing save stays missing)', async () => {
    await client.callTool({ name: 'document', arguments: { action: 'write', content: 'hi' } });
    await client.callTool({
      name: 'document',
      arguments: { action: 'write', content: 'hi', save: false },
    });
    expect(calls).toEqual([
      { tool: 'document', args: { action: 'write', content: 'hi' } },
      { tool: 'document', args: { action: 'write', content: 'hi', save: false } },
    ]);
  });

  it('refuses an argument the action does not take, naming it, and never calls the handler', async () => {
    const cases = [
      // A name no action of the tool knows: refused by the strict schema.
      [
        'document',
        { action: 'write', tabId: 'tab-1', content: 'x', line: 3 },
        'write does not take line; it takes tabId, content, expected_revision, save, section, startLine, endLine.',
      ],
      // A name another action of the tool takes.
      [
        'document',
        { action: 'read', content: 'x' },
        'read does not take content; it takes tabId, view, section, startLine, endLine, startColumn, find, regex.',
      ],
      [
        'document',
        { action: 'read', save: true },
        'read does not take save; it takes tabId, view, section, startLine, endLine, startColumn, find, regex.',
      ],
      [
        'workspace',
        { action: 'open_workspace', folderPath: '/notes', windowLabel: 'main' },
        'open_workspace does not take windowLabel; it takes folderPath.',
      ],
      [
        'selection',
        { action: 'get', content: 'x', expected_revision: 'rev-AAAAAAAA' },
        'get does not take content, expected_revision; it takes tabId.',
      ],
      [
        'browser_read',
        { action: 'read', selector: 'a' },
        'read does not take selector; it takes tabId, offset, role, nameContains, format.',
      ],
      [
        'browser',
        { action: 'open', url: 'https://a.example', path: '/' },
        'open does not take path',
      ],
      [
        'coherence',
        { action: 'status', workspace_root: '/notes', txf: 'x' },
        'status does not take txf; it takes workspace_root.',
      ],
    ] as const;
    for (const [tool, args, sentence] of cases) {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toContain(sentence);
    }
    expect(calls).toEqual([]);
  });

  it('names the arguments of the tool when the action is unknown too', async () => {
    const result = await client.callTool({
      name: 'workflow',
      arguments: { action: 'lint', line: 3 },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('action must be one of: apply_patch, validate');
    expect(textOf(result)).toContain(
      'workflow does not take line; it takes tabId, patches, expected_revision.',
    );
    expect(calls).toEqual([]);
  });

  it('says additionalProperties: false in every input schema', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.inputSchema, tool.name).toMatchObject({ additionalProperties: false });
    }
    const document = tools.find((t) => t.name === 'document');
    expect(document?.inputSchema.properties?.save).toMatchObject({
      type: 'boolean',
      default: true,
    });
  });

  it('delivers a success as text plus structuredContent', async () => {
    const result = await client.callTool({
      name: 'session',
      arguments: { action: 'get_state' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ echoed: { action: 'get_state' } });
    expect(JSON.parse(textOf(result))).toEqual({ echoed: { action: 'get_state' } });
  });

  it('delivers a refusal envelope with isError', async () => {
    const result = await client.callTool({ name: 'document', arguments: { action: 'read' } });
    expect(result.isError).toBe(true);
    const envelope = {
      error: 'STALE',
      message: 'The document changed.',
      current_revision: 'rev-AAAAAAAA',
    };
    expect(result.structuredContent).toEqual(envelope);
    expect(JSON.parse(textOf(result))).toEqual(envelope);
  });

  it('refuses a blank tabId before the handler runs, naming the argument', async () => {
    const result = await client.callTool({
      name: 'document',
      arguments: { action: 'read', tabId: '  ' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toContain(TAB_ID_MESSAGE);
    expect(calls).toEqual([]);
  });

  it('refuses a blank expected_revision, a string save and an unknown action', async () => {
    const cases = [
      [{ action: 'write', content: 'x', expected_revision: '' }, EXPECTED_REVISION_MESSAGE],
      [{ action: 'write', content: 'x', save: 'false' }, 'save must be a boolean'],
      [{ action: 'delete' }, 'action must be one of: read, write, transform'],
    ] as const;
    for (const [args, sentence] of cases) {
      const result = await client.callTool({ name: 'document', arguments: args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toContain(sentence);
    }
    expect(calls).toEqual([]);
  });

  it('sends compact JSON text, equal to structuredContent', async () => {
    const result = await client.callTool({
      name: 'session',
      arguments: { action: 'get_state', windowLabel: 'main' },
    });
    expect(textOf(result)).toBe('{"echoed":{"action":"get_state","windowLabel":"main"}}');
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it('holds every answer to 75,000 bytes, even one a handler forgot to cut', async () => {
    const result = await client.callTool({
      name: 'workflow',
      arguments: { action: 'validate' },
    });
    const text = textOf(result);
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(75_000);
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    expect(result.structuredContent).toMatchObject({ truncated: true, bytes_total: 100_011 });
  });

  it('sends progress to a client that asked for it, and only growing', async () => {
    const seen: unknown[] = [];
    const result = await client.callTool(
      { name: 'browser_read', arguments: { action: 'wait_for', text: 'Done' } },
      undefined,
      { onprogress: (p) => seen.push(p) },
    );
    expect(result.structuredContent).toEqual({ done: true });
    expect(seen).toEqual([
      { progress: 1_000, total: 3_000, message: 'one second' },
      { progress: 2_000, total: 3_000, message: 'two seconds' },
    ]);
  });

  it('sends no progress to a client that did not ask', async () => {
    const result = await client.callTool({
      name: 'browser_read',
      arguments: { action: 'read' },
    });
    expect(result.structuredContent).toEqual({ done: true });
  });

  it('tells the handler when the client cancels a call', async () => {
    const controller = new AbortController();
    const pending = client.callTool(
      { name: 'browser_read', arguments: { action: 'wait' } },
      undefined,
      { signal: controller.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort('changed my mind');
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toBe(true);
  });

  it('states the browser arguments strictly in JSON Schema', async () => {
    const { tools } = await client.listTools();
    const read = tools.find((t) => t.name === 'browser_read');
    const browser = tools.find((t) => t.name === 'browser');
    expect(read?.inputSchema.properties?.fields).toMatchObject({
      type: 'object',
      additionalProperties: false,
    });
    expect(read?.inputSchema.properties?.timeoutMs).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 12_000,
    });
    expect(browser?.inputSchema.properties?.handle).toMatchObject({
      type: 'string',
      pattern: '^[A-Za-z0-9._-]{1,128}$',
    });
    expect(browser?.inputSchema.properties?.operation).toMatchObject({
      enum: ['click', 'hover', 'type', 'scroll', 'key', 'dialog'],
    });
  });

  it('carries a truncation envelope intact', async () => {
    server.registerTool('big', { inputSchema: {} }, () =>
      limitSize(success({ content: '한'.repeat(40_000) }), 'ask for less'),
    );
    const result = await client.callTool({ name: 'big', arguments: {} });
    expect(result.structuredContent).toMatchObject({
      truncated: true,
      truncation_note: 'ask for less',
    });
    expect(new TextEncoder().encode(textOf(result)).length).toBeLessThanOrEqual(75_000);
  });
});
