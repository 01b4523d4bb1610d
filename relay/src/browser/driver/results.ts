/** Building the driver's answers. */
import type { DriverErrorCode, DriverResult } from '#shared/wire/driverProtocol.js';

export function fail(
  error: DriverErrorCode,
  message: string,
  details?: Record<string, unknown>,
): DriverResult {
  return details ? { ok: false, error, message, details } : { ok: false, error, message };
}

export function done(data: Record<string, unknown>, image?: string): DriverResult {
  return image
    ? { ok: true, data, image: { base64: image, mimeType: 'image/jpeg' } }
    : { ok: true, data };
}

/** The message of anything thrown, without the addresses Playwright puts in its errors. */
export function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text
    .split('\n', 1)[0]
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '(address)')
    .slice(0, 300);
}

/** A dialog blocks the tab's page: every call but the one that answers it is told so. */
export function dialogOpen(tabId: string, dialog: object): DriverResult {
  return fail(
    'DIALOG_OPEN',
    'A dialog of the page is open and blocks it (page data): answer it with act operation "dialog" (accept true or false) before anything else on this tab.',
    { tabId, dialog },
  );
}
