import { SUPPORTED_PROTOCOL_VERSIONS as SDK_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  LATEST_PROTOCOL_VERSION,
  negotiateProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocolVersions.js';

describe('protocol versions', () => {
  it('are exactly the SDK’s SUPPORTED_PROTOCOL_VERSIONS, newest first', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(SDK_VERSIONS);
    expect(LATEST_PROTOCOL_VERSION).toBe(SDK_VERSIONS[0]);
  });

  it('negotiate to the client’s version when supported, else the latest', () => {
    expect(negotiateProtocolVersion('2024-11-05')).toBe('2024-11-05');
    expect(negotiateProtocolVersion('2030-01-01')).toBe(LATEST_PROTOCOL_VERSION);
    expect(negotiateProtocolVersion(undefined)).toBe(LATEST_PROTOCOL_VERSION);
    expect(negotiateProtocolVersion(20250618)).toBe(LATEST_PROTOCOL_VERSION);
  });
});
