/**
 * Checks the settings and approval answers the app pushes. A malformed configuration is refused
 * whole (the driver keeps the one it had); grants are read further by grants.ts.
 */
import type { ApprovalAnswer, BrowserConfig, StandingGrant } from '#shared/wire/driverProtocol.js';
import { isOperation } from './operations.js';

export const DEFAULT_CONFIG: BrowserConfig = {
  enabled: false,
  posture: 'sandbox',
  headless: false,
  allowLoopback: false,
  grants: [],
};

const MAX_GRANTS = 1000;

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function checkConfig(
  value: unknown,
): { ok: true; config: BrowserConfig } | { ok: false; reason: string } {
  if (!isObj(value)) return { ok: false, reason: 'config must be an object' };
  const { enabled, posture, headless, allowLoopback, grants } = value;
  if (typeof enabled !== 'boolean') return { ok: false, reason: 'enabled must be true or false' };
  if (posture !== 'sandbox' && posture !== 'shared') {
    return { ok: false, reason: 'posture must be sandbox or shared' };
  }
  if (typeof headless !== 'boolean' || typeof allowLoopback !== 'boolean') {
    return { ok: false, reason: 'headless and allowLoopback must be true or false' };
  }
  if (!Array.isArray(grants) || grants.length > MAX_GRANTS) {
    return { ok: false, reason: `grants must be a list of at most ${MAX_GRANTS}` };
  }
  const list: StandingGrant[] = [];
  for (const g of grants) {
    if (!isObj(g) || typeof g.origin !== 'string' || !Array.isArray(g.operations)) {
      return { ok: false, reason: 'each grant is {origin, operations}' };
    }
    list.push({ origin: g.origin, operations: g.operations.filter(isOperation) });
  }
  return { ok: true, config: { enabled, posture, headless, allowLoopback, grants: list } };
}

export function checkAnswer(value: unknown): ApprovalAnswer | null {
  if (!isObj(value) || typeof value.requestId !== 'string' || value.requestId.length > 100) {
    return null;
  }
  if (value.answer !== 'deny' && value.answer !== 'once' && value.answer !== 'site') return null;
  return { requestId: value.requestId, answer: value.answer };
}
