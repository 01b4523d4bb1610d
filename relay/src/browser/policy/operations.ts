/**
 * The closed vocabulary of what the driver authorises, and how each operation may be allowed:
 * some never run for an AI, some are only ever allowed one call at a time, and some bind an
 * "Allow once" to the exact payload the person saw.
 */
import { createHash } from 'node:crypto';
import type { Operation } from '#shared/wire/driverProtocol.js';

export const OPERATIONS: readonly Operation[] = [
  'read',
  'attach',
  'click',
  'hover',
  'type',
  'scroll',
  'key',
  'dialog',
  'style',
  'navigate',
  'upload',
  'eval',
  'session',
  'record',
];

const KNOWN = new Set<string>(OPERATIONS);

/** Never performed for an AI, whatever the person allowed. */
export const NEVER_AUTOMATED: ReadonlySet<Operation> = new Set<Operation>(['upload']);

/** Allowed one call at a time only: "Allow on this site" is never offered or honoured. */
export const NEVER_GRANTABLE: ReadonlySet<Operation> = new Set<Operation>([
  'eval',
  'session',
  'record',
]);

/** Operations whose "Allow once" is bound to a hash of the exact payload. */
export const PAYLOAD_BOUND: ReadonlySet<Operation> = new Set<Operation>([
  'style',
  'eval',
  'session',
  'type',
  'key',
  'scroll',
  'dialog',
]);

/** Operations done to a page element (an act), which a ref may only name under a standing grant. */
export const ACT_OPERATIONS: ReadonlySet<Operation> = new Set<Operation>([
  'click',
  'hover',
  'type',
  'scroll',
  'key',
  'style',
]);

/** Whether `value` is one of the operations (case-sensitive; anything else is denied). */
export function isOperation(value: unknown): value is Operation {
  return typeof value === 'string' && KNOWN.has(value);
}

/** Whether a standing grant may name this operation. */
export function isGrantable(op: Operation): boolean {
  return !NEVER_GRANTABLE.has(op) && !NEVER_AUTOMATED.has(op);
}

/** The SHA-256 (hex) of an exact payload, as one-shots store it. */
export function payloadHash(payload: string): string {
  return createHash('sha256').update(payload, 'utf8').digest('hex');
}
