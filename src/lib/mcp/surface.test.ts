/**
 * What every conversation pays for our tools (issue 25 §4): a client sends the model each tool's
 * name, description and input schema, and the server's instructions, in every conversation. Taken
 * from the real SDK's `tools/list` and `initialize` over an in-memory pair, as a client gets them.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS, type RefusalCode } from '../../shared/refusals';
import { REFUSAL_MEANINGS } from './envelopes';
import { REFUSAL_REASONS, SERVER_INFO, SERVER_INSTRUCTIONS, registerTools, success } from './index';

/**
 * Names, descriptions, input schemas and instructions together (SPEC §1): under 0.9× what
 * @playwright/mcp's 25 tools cost on the same measure (17,565 bytes, so 15,808), issue 25 §4.
 */
const SURFACE_BUDGET = 15_800;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** What a client hands the model for one tool: its name, description and input schema. */
const toolBytes = (tool: Tool) =>
  bytes(
    JSON.stringify({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
    }),
  );

let tools: Tool[];
let instructions: string;
let client: Client;

beforeAll(async () => {
  const server = new McpServer(SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
    capabilities: { tools: {} },
  });
  registerTools(server, async () => success({}));
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'surface-test', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  tools = (await client.listTools()).tools;
  instructions = client.getInstructions() ?? '';
});

afterAll(() => client?.close());

/** Every description a client shows the model: the tools' and their parameters'. */
function descriptions(tool: Tool): string[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<
    string,
    { description?: string }
  >;
  const own = Object.values(properties).map((p) => p.description ?? '');
  return [tool.description ?? '', ...own];
}

describe('the tool surface every conversation pays for', () => {
  it(`keeps names, descriptions, input schemas and instructions within ${SURFACE_BUDGET.toLocaleString('en-US')} bytes`, () => {
    expect(tools).toHaveLength(9);
    expect(instructions).toBe(SERVER_INSTRUCTIONS);
    const perTool = tools.map(toolBytes);
    const total = perTool.reduce((sum, n) => sum + n, 0) + bytes(instructions);
    expect(total).toBeLessThanOrEqual(SURFACE_BUDGET);
  });

  it('counts what a client sends: a longer description makes the surface longer', () => {
    const [first] = tools;
    expect(toolBytes({ ...first, description: `${first.description}x` })).toBe(
      toolBytes(first) + 1,
    );
    expect(toolBytes(first)).toBeGreaterThan(bytes(first.description ?? ''));
  });

  it('lists every refusal code once in the instructions, with its meaning where its name does not say it', () => {
    const list = instructions.slice(instructions.indexOf('error being:'));
    const meanings = Object.values(REFUSAL_MEANINGS);
    const reasons = new Set<string>(Object.values(REFUSAL_REASONS).flat());
    expect(meanings.length).toBeGreaterThan(15);
    for (const code of Object.keys(REFUSALS) as RefusalCode[]) {
      expect(list.match(new RegExp(`\\b${code}\\b`, 'g')), code).toHaveLength(1);
      const meaning = REFUSAL_MEANINGS[code];
      if (meaning === undefined && !reasons.has(code)) {
        expect(list, code).toMatch(new RegExp(`As named: .*\\b${code}\\b`));
      } else if (meaning !== undefined) {
        expect(instructions.split(meaning), code).toHaveLength(2);
        expect(list, code).toContain(`${code}: ${meaning}`);
      }
    }
  });

  it('explains no refusal code in a tool or parameter description', () => {
    for (const tool of tools) {
      for (const text of descriptions(tool)) {
        for (const code of Object.keys(REFUSALS) as RefusalCode[]) {
          expect(text, `${tool.name} explains ${code}`).not.toContain(`${code}: `);
          const meaning = REFUSAL_MEANINGS[code];
          if (meaning) expect(text, `${tool.name} quotes ${code}`).not.toContain(meaning);
        }
      }
    }
  });

  it('names the seeds’ codes with the finer reasons that come beside them', () => {
    expect(REFUSAL_REASONS).toEqual({
      INVALID_TAB: ['INVALID_WINDOW'],
      INVALID_PATH: ['NOT_FOUND', 'PERMISSION', 'TOO_LARGE', 'NAME_CLASH'],
    });
    for (const [code, reasons] of Object.entries(REFUSAL_REASONS)) {
      const line = instructions.split('\n').findIndex((l) => l.startsWith(`${code}: `));
      expect(instructions.split('\n')[line], code).toMatch(/reason/);
      reasons.forEach((reason, i) => {
        const meaning = REFUSAL_MEANINGS[reason];
        expect(instructions.split('\n')[line + 1 + i]).toBe(
          meaning === undefined ? `  ${reason}` : `  ${reason}: ${meaning}`,
        );
      });
    }
  });

  it('says once how malformed arguments and approvals are answered', () => {
    expect(instructions).toMatch(/plain sentence naming it/);
    expect(instructions).toContain('needsApproval: true');
    expect(instructions).toContain('retry the same call once');
    expect(instructions).toContain('Never retry in a loop');
    expect(instructions).toContain('untrusted');
    for (const tool of tools) {
      expect(tool.description, tool.name).not.toMatch(/plain sentence naming it/);
      expect(tool.description, tool.name).not.toMatch(/Never retry in a loop/);
    }
  });
});
