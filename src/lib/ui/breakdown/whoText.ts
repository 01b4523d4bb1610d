/**
 * Who did what, in the UI language: why a name for the record is refused, and what a scan of a
 * folder could not do (the cause's own words, from the browser, as they are).
 */
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';
import {
  PERSON_NAME_MAX,
  recordedName,
  type PersonNameProblem,
} from '../../coherence/resolution/personName';
import type { ScanError, ScanErrorCode } from '../../coherence/scan/scanErrors';

const NAME_PROBLEMS: Record<PersonNameProblem, MessageKey> = {
  'too-long': 'personName.tooLong',
  invisible: 'personName.invisible',
  'no-letter': 'personName.noLetter',
};

/** Why the name typed is refused, and the name the record goes on using. */
export function nameRefusal(problem: PersonNameProblem, stored: string): string {
  const why = t(NAME_PROBLEMS[problem], { max: PERSON_NAME_MAX });
  return `${why} ${t('personName.kept', { name: recordedName(stored) })}`;
}

const SCAN_PROBLEMS: Record<ScanErrorCode, MessageKey> = {
  'scan-stopped': 'scanProblems.scanStopped',
  'ledger-unreadable': 'scanProblems.ledgerUnreadable',
  'record-not-started': 'scanProblems.recordNotStarted',
  'snapshot-not-stored': 'scanProblems.snapshotNotStored',
  'file-unreadable': 'scanProblems.fileUnreadable',
  'file-changed': 'scanProblems.fileChanged',
  'file-gone': 'scanProblems.fileGone',
  'not-recorded': 'scanProblems.notRecorded',
};

/** What a scan could not do, as a sentence; one this window does not know, in English. */
export function scanProblemText(error: ScanError): string {
  const key = SCAN_PROBLEMS[error.code];
  return key ? t(key, { detail: error.detail ?? '' }) : error.message;
}
