/**
 * The MCP protocol versions the hub can answer `initialize` with when no app is connected.
 *
 * This is the list `SUPPORTED_PROTOCOL_VERSIONS` of `@modelcontextprotocol/sdk/types.js` (the SDK
 * the app's server is built with), newest first. It is written out here because importing the SDK's
 * types module costs the hub about 18 MB of memory; `protocolVersions.test.ts` fails when the SDK's
 * list changes, so the two cannot drift apart.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

/** The version to answer with: the client's if we support it, else our latest (as the SDK does). */
export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}
