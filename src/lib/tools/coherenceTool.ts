/**
 * `coherence` (status, edges, claims, contexts) and `coherence_resolve` (resolve): the kernel of
 * the folder named by workspace_root answers; its refusals are plain sentences. `status` also says
 * under which name the person's acts are recorded (`person`). Who resolves is
 * the session's credential, never an argument.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  argumentError,
  refusal,
  success,
  type CallContext,
  type CoherenceArgs,
  type CoherenceResolveArgs,
} from '../mcp';
import { callWaitMs } from '../mcp/answerWindow';
import type { Busy, ScanWait } from '../coherence/kernel';
import { recordedName } from '../coherence/resolution/personName';
import type { CoherenceHost, SettingsHost } from './host';
import type { SessionContext } from './sessionContext';

const answer = (r: object | unknown[] | Busy | string): CallToolResult =>
  typeof r === 'string' ? argumentError(r) : isBusy(r) ? busy(r) : success(r);

const isBusy = (r: object): r is Busy => 'busy' in r && (r as Busy).busy === true;

/**
 * The scan a call starts with is still running when the call has waited all it may: BUSY, with
 * how far the scan has come and when to ask again. Nothing else: never a partial list.
 */
function busy(r: Busy): CallToolResult {
  const { done, total } = r.progress;
  const far = total > 0 ? `${done} of ${total} files` : 'listing the folders';
  return refusal(
    'BUSY',
    `The workspace's coherence record is being brought up to date (${far}); it goes on in the background. Call again in ${r.retry_after_ms} ms for the full answer.`,
    { progress: { done, total }, retry_after_ms: r.retry_after_ms },
  );
}

/** How long the call waits for the scan, telling the client how far it has come meanwhile. */
function scanWait(context: CallContext | undefined): ScanWait {
  return {
    limitMs: callWaitMs(),
    onProgress: ({ done, total }) =>
      context?.progress(
        done,
        total > 0 ? total : undefined,
        'bringing the coherence record up to date',
      ),
  };
}

export async function coherenceTool(
  host: CoherenceHost & SettingsHost,
  args: CoherenceArgs,
  context?: CallContext,
): Promise<CallToolResult> {
  const kernel = await host.coherence(args.workspace_root);
  if (typeof kernel === 'string') return argumentError(kernel);
  switch (args.action) {
    case 'status': {
      // `person`: the name the person's acts in this app are recorded under ("Your name").
      const status = await kernel.status(scanWait(context));
      if (typeof status === 'string' || 'busy' in status) return answer(status);
      return success({ ...status, person: recordedName(host.settings().personName) });
    }
    case 'edges':
      return answer(await kernel.edges(scanWait(context)));
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
  context?: CallContext,
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
      scanWait(context),
    ),
  );
}
