/** What every tool definition is made of, and the refusal list their descriptions end with. */

import type { z } from 'zod';
import { wireCode } from '../refusals';
import { REFUSAL_MEANINGS, type RefusalCode } from './envelopes';

/** The four behaviour hints, all set explicitly: a tool declares the riskiest thing any action does. */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export interface ToolDefinition<Name extends string = string, Shape = z.ZodRawShape> {
  readonly name: Name;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Shape;
  readonly annotations: ToolHints;
}

export const ARGUMENT_ERRORS =
  'A malformed argument (blank tabId, wrong type, unknown action) gets a plain sentence naming it instead.';

/**
 * The refusal list a description ends with: each code a client branches on, with its meaning; a
 * finer cause is listed under the seeds' code it is sent as (`- INVALID_PATH, reason NOT_FOUND:`).
 */
export function refusals(codes: readonly RefusalCode[]): string {
  const lines = codes.map((code) => {
    const { error, reason } = wireCode(code);
    return `- ${reason ? `${error}, reason ${reason}` : error}: ${REFUSAL_MEANINGS[code]}`;
  });
  return ['Refusals (isError, JSON {error, reason?, message, …}):', ...lines, ARGUMENT_ERRORS].join(
    '\n',
  );
}
