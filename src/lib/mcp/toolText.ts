/**
 * What every tool definition is made of. What each refusal means is said once, in the server's
 * instructions (instructions.ts), not in the descriptions.
 */

import type { z } from 'zod';

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
