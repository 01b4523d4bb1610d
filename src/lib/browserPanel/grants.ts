/**
 * Standing grants ("Allow on this site"): one origin pattern, the operations allowed there. Only
 * the person's own answer adds one, exactly the operation asked for; Settings → Browser lists and
 * revokes them. What is stored is checked again when read back: a grant that does not parse, or
 * an operation that may never be granted, is dropped rather than trusted.
 */
import type { Operation, StandingGrant } from '../../shared/wire/driverProtocol';

/** Operations a standing grant may hold; eval, session, record, upload and attach never can. */
export const GRANTABLE_OPERATIONS: readonly Operation[] = [
  'read',
  'click',
  'hover',
  'type',
  'scroll',
  'key',
  'dialog',
  'style',
  'navigate',
];

const HOST = String.raw`(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)`;
const PATTERN = new RegExp(String.raw`^(https?)://(\*\.)?(${HOST})(?::(\d{1,5}))?$`);

/**
 * The canonical form of an origin pattern (`https://host[:port]`, `https://*.host`), or null:
 * lower case, the scheme's default port dropped; no user, path, query or fragment.
 */
export function canonicalOrigin(pattern: string): string | null {
  const m = PATTERN.exec(pattern.trim().toLowerCase());
  if (!m) return null;
  const [, scheme, wildcard, host, port] = m;
  if (wildcard && (host.startsWith('[') || !host.includes('.'))) return null;
  if (port !== undefined) {
    const n = Number(port);
    if (n < 1 || n > 65_535) return null;
    const isDefault = (scheme === 'https' && n === 443) || (scheme === 'http' && n === 80);
    if (!isDefault) return `${scheme}://${wildcard ?? ''}${host}:${n}`;
  }
  return `${scheme}://${wildcard ?? ''}${host}`;
}

function isGrantable(op: unknown): op is Operation {
  return typeof op === 'string' && (GRANTABLE_OPERATIONS as readonly string[]).includes(op);
}

/** Stored grants, checked: one entry per origin, operations in a fixed order, no duplicates. */
export function parseGrants(value: unknown): StandingGrant[] {
  if (!Array.isArray(value)) return [];
  let grants: StandingGrant[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { origin, operations } = item as Record<string, unknown>;
    if (typeof origin !== 'string' || !Array.isArray(operations)) continue;
    for (const op of operations) if (isGrantable(op)) grants = addGrant(grants, origin, op);
  }
  return grants;
}

/** The grants with `operation` allowed on `origin` too (unchanged if it cannot be granted). */
export function addGrant(
  grants: readonly StandingGrant[],
  origin: string,
  operation: Operation,
): StandingGrant[] {
  const canonical = canonicalOrigin(origin);
  if (!canonical || !isGrantable(operation)) return [...grants];
  const order = (ops: Operation[]) =>
    GRANTABLE_OPERATIONS.filter((op) => ops.includes(op)) as Operation[];
  const existing = grants.find((g) => g.origin === canonical);
  if (!existing) return [...grants, { origin: canonical, operations: [operation] }];
  return grants.map((g) =>
    g === existing ? { origin: g.origin, operations: order([...g.operations, operation]) } : g,
  );
}

/** The grants without `origin` (or without only `operation` there, when it is given). */
export function revokeGrant(
  grants: readonly StandingGrant[],
  origin: string,
  operation?: Operation,
): StandingGrant[] {
  return grants.flatMap((g) => {
    if (g.origin !== origin) return [g];
    if (operation === undefined) return [];
    const operations = g.operations.filter((op) => op !== operation);
    return operations.length ? [{ origin: g.origin, operations }] : [];
  });
}
