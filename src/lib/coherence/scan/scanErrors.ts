/**
 * What a reconcile scan could not do, per file: kept with the workspace's session state so the
 * Breakdown view shows it beside the file it concerns, and tried again by the next scan.
 */

/** Why a scan could not do something (the window words each in its own language). */
export type ScanErrorCode =
  | 'scan-stopped'
  | 'ledger-unreadable'
  | 'record-not-started'
  | 'snapshot-not-stored'
  | 'file-unreadable'
  | 'file-changed'
  | 'file-gone'
  | 'not-recorded';

/**
 * One thing a scan could not do: the workspace path of the file it concerns (null when it
 * concerns the whole record), the cause's own words (`detail`, from the browser, untranslated),
 * and the whole sentence in English for the console and the logs.
 */
export interface ScanError {
  code: ScanErrorCode;
  path: string | null;
  detail?: string;
  message: string;
}

const WHAT: Record<ScanErrorCode, string> = {
  'scan-stopped': 'the scan stopped',
  'ledger-unreadable': 'the coherence ledger could not be read',
  'record-not-started': 'the .vmark folder could not be made',
  'snapshot-not-stored': 'its snapshot could not be stored',
  'file-unreadable': 'the file could not be read',
  'file-changed': 'the file changed while scanned',
  'file-gone': 'the file went away while scanned',
  'not-recorded': 'what the scan found could not be written to the ledger',
};

export function scanError(code: ScanErrorCode, path: string | null, detail?: string): ScanError {
  const sentence = detail === undefined ? WHAT[code] : `${WHAT[code]}: ${detail}`;
  return {
    code,
    path,
    ...(detail !== undefined ? { detail } : {}),
    message: path === null ? sentence : `${path}: ${sentence}`,
  };
}
