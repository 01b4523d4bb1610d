/**
 * The prompt a driver refusal carries, wherever the driver puts it: `approval` on
 * APPROVAL_REQUIRED, `details.approval` on ATTACHMENT_REQUIRED (a tab the person opened). The core
 * queues it for the person, and the AI client gets its fields (origin only), never the request.
 */
import type { ApprovalRequest, DriverResult } from '../../shared/wire/driverProtocol';

function isRequest(value: unknown): value is ApprovalRequest {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.requestId === 'string' &&
    r.requestId !== '' &&
    typeof r.operation === 'string' &&
    typeof r.origin === 'string' &&
    typeof r.tabId === 'string' &&
    typeof r.generation === 'number'
  );
}

export function promptOf(result: DriverResult): ApprovalRequest | null {
  if (result.ok) return null;
  const refusal = result as { approval?: unknown; details?: { approval?: unknown } };
  if (isRequest(refusal.approval)) return refusal.approval;
  if (isRequest(refusal.details?.approval)) return refusal.details.approval;
  return null;
}
