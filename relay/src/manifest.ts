/**
 * The tool manifest: what the app's MCP server would answer to `tools/list`, plus its
 * `instructions`. The app build writes it to `build/mcp-manifest.json`; the hub uses it to answer
 * `initialize` and `tools/list` while no app is connected.
 */
import { readFile } from 'node:fs/promises';

/** One MCP tool as `tools/list` lists it; the relay only needs `name` and passes the rest on. */
export interface ManifestTool {
  name: string;
  inputSchema: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Manifest {
  instructions: string;
  tools: ManifestTool[];
}

export const EMPTY_MANIFEST: Manifest = { instructions: '', tools: [] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTool(value: unknown): value is ManifestTool {
  return isRecord(value) && typeof value.name === 'string' && isRecord(value.inputSchema);
}

/** Checks a decoded manifest; the reason names the first thing that is wrong. */
export function validateManifest(
  value: unknown,
): { ok: true; manifest: Manifest } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: 'it is not a JSON object' };
  const { instructions, tools } = value;
  if (instructions !== undefined && typeof instructions !== 'string') {
    return { ok: false, reason: '"instructions" is not a string' };
  }
  if (!Array.isArray(tools)) return { ok: false, reason: '"tools" is not an array' };
  const bad = tools.findIndex((tool) => !isTool(tool));
  if (bad !== -1) {
    return { ok: false, reason: `tools[${bad}] lacks a string "name" or an "inputSchema" object` };
  }
  return {
    ok: true,
    manifest: { instructions: instructions ?? '', tools: tools as ManifestTool[] },
  };
}

/** Reads a manifest file; a missing or broken file gives the empty manifest and a warning. */
export async function loadManifest(
  path: string,
): Promise<{ manifest: Manifest; warning?: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return {
      manifest: EMPTY_MANIFEST,
      warning: `No tool manifest at ${path}: until the app connects, AI clients see no tools.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { manifest: EMPTY_MANIFEST, warning: `The tool manifest ${path} is not valid JSON.` };
  }
  const checked = validateManifest(value);
  if (!checked.ok) {
    return {
      manifest: EMPTY_MANIFEST,
      warning: `The tool manifest ${path} is unusable: ${checked.reason}.`,
    };
  }
  return { manifest: checked.manifest };
}
