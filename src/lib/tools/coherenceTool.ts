/**
 * `coherence` (status, edges, claims, contexts) and `coherence_resolve` (resolve): the kernel of
 * the folder named by workspace_root answers; its refusals are plain sentences. `status` also says
 * under which name the person's acts are recorded (`person`). Who resolves is
 * the session's credential, never an argument.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { argumentError, success, type CoherenceArgs, type CoherenceResolveArgs } from '../mcp';
import { recordedName } from '../coherence/resolution/personName';
import type { CoherenceHost, SettingsHost } from './host';
import type { SessionContext } from './sessionContext';

const answer = (r: object | unknown[] | string): CallToolResult =>
  typeof r === 'string' ? argumentError(r) : success(r);

export async function coherenceTool(
  host: CoherenceHost & SettingsHost,
  args: CoherenceArgs,
): Promise<CallToolResult> {
  const kernel = await host.coherence(args.workspace_root);
  if (typeof kernel === 'string') return argumentError(kernel);
  switch (args.action) {
    case 'status': {
      // `person`: the name the person's acts in this app are recorded under ("Your name").
      const status = await kernel.status();
      if (typeof status === 'string') return argumentError(status);
      return success({ ...status, person: recordedName(host.settings().personName) });
    }
    case 'edges':
      return answer(await kernel.edges());
    case 'claims':
      return answer(await kernel.claims());
    case 'contexts':
      return answer(await kernel.contexts());
  }
}

export async function coherenceResolveTool(
  host: CoherenceHost & SettingsHost,
  args: CoherenceResolveArgs,
  session: SessionContext,
): Promise<CallToolResult> {
  const kernel = await host.coherence(args.workspace_root);
  if (typeof kernel === 'string') return argumentError(kernel);
  const principal = await session.principal();
  return answer(
    await kernel.resolve(
      {
        txf: args.txf,
        input: args.input,
        resolution: args.resolution,
        ...(args.reason !== undefined ? { reason: args.reason } : {}),
      },
      { principal },
    ),
  );
}
