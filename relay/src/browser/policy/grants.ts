/**
 * Standing grants ("Allow on this site") as the driver holds them: parsed once per configuration,
 * merged per canonical pattern, and never covering an operation that cannot be granted.
 */
import type { Operation, StandingGrant } from '#shared/wire/driverProtocol.js';
import { isGrantable, isOperation } from './operations.js';
import {
  parseOriginPattern,
  patternMatches,
  patternText,
  type OriginPattern,
} from './originPattern.js';

export interface ParsedGrant {
  pattern: OriginPattern;
  text: string;
  operations: ReadonlySet<Operation>;
}

export interface GrantParse {
  grants: ParsedGrant[];
  /** Why entries were left out, for the hub's log. */
  rejected: string[];
}

/** Reads the configuration's grants; bad patterns and unknown or ungrantable operations are dropped. */
export function parseGrants(input: readonly StandingGrant[]): GrantParse {
  const byText = new Map<string, { pattern: OriginPattern; operations: Set<Operation> }>();
  const rejected: string[] = [];
  for (const grant of input) {
    const parsed = parseOriginPattern(grant?.origin);
    if (!parsed.ok) {
      rejected.push(`grant for ${String(grant?.origin).slice(0, 80)}: ${parsed.reason}`);
      continue;
    }
    const text = patternText(parsed.pattern);
    const entry = byText.get(text) ?? { pattern: parsed.pattern, operations: new Set() };
    for (const op of Array.isArray(grant.operations) ? grant.operations : []) {
      if (isOperation(op) && isGrantable(op) && op !== 'attach') entry.operations.add(op);
      else
        rejected.push(`grant for ${text}: operation ${String(op).slice(0, 40)} cannot be granted`);
    }
    byText.set(text, entry);
  }
  const grants = [...byText].map(([text, { pattern, operations }]) => ({
    pattern,
    text,
    operations,
  }));
  return { grants, rejected };
}

/** Whether some grant allows `op` on `origin`. */
export function grantCovers(
  grants: readonly ParsedGrant[],
  op: Operation,
  origin: string,
): boolean {
  if (!isGrantable(op)) return false;
  return grants.some((g) => g.operations.has(op) && patternMatches(g.pattern, origin));
}
