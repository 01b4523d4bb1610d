/**
 * The words of a browser prompt, as pure functions: a descriptor the person can read and trust,
 * never a picture of the page. Everything here may come from the page (names, text, scripts), so
 * bidi controls are shown as escapes (they could reorder what the person reads) and long names
 * are clipped. Our own words are in the UI's language, so call these where the text is shown.
 */
import { GRANTABLE_OPERATIONS } from '../../browserPanel/grants';
import type { ApprovalRequest, Operation } from '../../../shared/wire/driverProtocol';
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';

/** The longest name shown, in code points. */
export const NAME_LIMIT = 200;
/** The longest one-line summary shown, in code points. */
export const SUMMARY_LIMIT = 200;

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Bidi control characters as `\u{202E}` escapes, so they cannot reorder the text around them. */
export function escapeBidi(text: string): string {
  return text.replace(
    BIDI,
    (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`,
  );
}

/** At most `limit` code points (never a split surrogate pair), with … when cut. */
export function clip(text: string, limit: number): string {
  const points = [...text];
  return points.length <= limit ? text : `${points.slice(0, limit).join('')}…`;
}

/** Escaped first, then clipped: an escape counts for what it shows. */
export function safeText(text: string, limit = NAME_LIMIT): string {
  return clip(escapeBidi(text), limit);
}

/** One line: line breaks and tabs shown as spaces, runs of space collapsed. */
export function oneLine(text: string, limit = SUMMARY_LIMIT): string {
  return safeText(text.replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' '), limit);
}

/** The site as a person reads it: the origin, its scheme's default port left out. */
export function siteLabel(origin: string): string {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(origin.trim());
  if (!m) return safeText(origin);
  const scheme = m[1].toLowerCase();
  let host = m[2].replace(/^[^@]*@/, '').toLowerCase();
  if ((scheme === 'https' && host.endsWith(':443')) || (scheme === 'http' && host.endsWith(':80')))
    host = host.slice(0, host.lastIndexOf(':'));
  return safeText(`${scheme}://${host}`);
}

/** A human word for each operation, as the prompt's "Action" line. */
export const ACTION_WORDS: Readonly<Record<Operation, MessageKey>> = {
  read: 'approval.actionRead',
  attach: 'approval.actionAttach',
  click: 'approval.actionClick',
  hover: 'approval.actionHover',
  type: 'approval.actionType',
  scroll: 'approval.actionScroll',
  key: 'approval.actionKey',
  dialog: 'approval.actionDialog',
  style: 'approval.actionStyle',
  navigate: 'approval.actionNavigate',
  upload: 'approval.actionUpload',
  eval: 'approval.actionEval',
  session: 'approval.actionSession',
  record: 'approval.actionRecord',
};

/** The operation in words, in the UI's language; an unknown one as it is, made safe. */
export function actionWord(operation: string): string {
  return Object.hasOwn(ACTION_WORDS, operation)
    ? t(ACTION_WORDS[operation as Operation])
    : safeText(operation, 40);
}

/** `button "Save"`: the role and the accessible name, clipped. */
export function elementLabel(target: { role: string; name: string } | undefined): string | null {
  if (!target) return null;
  return `${safeText(target.role, 40)} "${safeText(target.name)}"`;
}

/** Everything the prompt card shows, each line ready to print as text. */
export interface PromptCard {
  title: string;
  site: string;
  action: string;
  element: string | null;
  summary: string | null;
  /** The exact script, bidi controls escaped, for eval and session. */
  script: string | null;
  grantable: boolean;
}

/** "Allow on this site" is offered only when the driver allows it and the operation can be granted. */
export function canGrant(request: ApprovalRequest): boolean {
  return request.grantable === true && GRANTABLE_OPERATIONS.includes(request.operation);
}

export function promptCard(client: string, request: ApprovalRequest): PromptCard {
  const site = siteLabel(request.origin);
  const action = actionWord(request.operation);
  const script =
    (request.operation === 'eval' || request.operation === 'session') && request.script
      ? escapeBidi(request.script)
      : null;
  return {
    title: t('approval.browserTitle', { client: safeText(client, 80) }),
    site,
    action,
    element: elementLabel(request.target),
    summary: request.payloadSummary ? oneLine(request.payloadSummary) : null,
    script,
    grantable: canGrant(request),
  };
}
