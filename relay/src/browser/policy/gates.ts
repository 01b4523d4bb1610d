/**
 * Gate detection: whether a loaded page reads as a wall in front of the content (a human check,
 * a consent interstitial, a login wall, a rate limit). Precision first: one definitive signal (a
 * rendered challenge widget, a visible password field) or several independent ones on a terse
 * page; a price of $429 or an article about captchas is not a gate. Advisory only: it changes what
 * the model is told, never what is allowed, and every hint points at the person.
 */

export interface GateSignals {
  url: string;
  title: string;
  /** The start of the page's visible text (the first 4,000 characters). */
  textHead: string;
  /** A rendered challenge widget (larger than 40×40 CSS px, not hidden by style). */
  challengeWidget: boolean;
  /** A visibly rendered password field. */
  passwordField: boolean;
}

export type GateKind = 'challenge' | 'consent' | 'login-required' | 'rate-limited';

export interface Gate {
  kind: GateKind;
  hint: string;
}

export const GATE_HINTS: Record<GateKind, string> = {
  challenge:
    'The page is a human-verification check. Tell the person and wait for them to complete it; do not try to solve or get around it.',
  consent:
    'The page asks for consent (cookies or terms) before the content. Ask the person what to choose; with their agreement its buttons are ordinary act targets.',
  'login-required':
    'The page asks to sign in. Stop and ask the person; a saved session (session_load) may help if they approve it. Never ask for or type their password.',
  'rate-limited': 'The site says too many requests were made. Stop retrying and tell the person.',
};

const TERSE_LIMIT = 1500;
const CHALLENGE_TITLE =
  /just a moment|attention required|verify you are|are you a robot|checking your browser/i;
const CHALLENGE_BODY =
  /verify (that )?you are (a )?human|complete the (security )?check|i'?m not a robot|press and hold|unusual traffic|automated queries/i;
const CONSENT_TEXT = /before you continue|accept all|cookie|consent/i;
const LOGIN_TITLE =
  /sign[ -]?in|log[ -]?in|登录|登入|ログイン|로그인|iniciar sesi|connexion|anmelden|accedi|entrar/i;
const LOGIN_SEGMENTS = new Set(['signin', 'sign-in', 'login', 'log-in', 'sign_in', 'log_in']);
const RATE_TITLE = /too many requests|rate limit/i;
const RATE_BODY = /too many requests|rate[- ]limit(ed)?/i;

function segments(url: URL | null): string[] {
  return url ? url.pathname.toLowerCase().split('/').filter(Boolean) : [];
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Classifies a page from its signals; null when it does not clearly read as a gate. */
export function classifyGate(signals: GateSignals): Gate | null {
  const title = String(signals.title ?? '');
  const body = String(signals.textHead ?? '');
  const terse = body.trim().length < TERSE_LIMIT;
  const url = parse(String(signals.url ?? ''));
  const path = segments(url);
  const gate = (kind: GateKind): Gate => ({ kind, hint: GATE_HINTS[kind] });

  if (signals.challengeWidget === true) return gate('challenge');
  if (CHALLENGE_TITLE.test(title) && CHALLENGE_BODY.test(body) && terse) return gate('challenge');

  const consentPlace = (url?.hostname.startsWith('consent.') ?? false) || path.includes('consent');
  if (consentPlace && CONSENT_TEXT.test(`${title}\n${body}`)) return gate('consent');

  if (
    signals.passwordField === true &&
    (LOGIN_TITLE.test(title) || path.some((s) => LOGIN_SEGMENTS.has(s)))
  ) {
    return gate('login-required');
  }

  const rateSignals = [
    RATE_TITLE.test(title),
    RATE_BODY.test(body) && /try again/i.test(body),
    /(^|[^\d$€£.,])429(?![\d.,])/.test(title),
  ].filter(Boolean).length;
  if (rateSignals >= 2 && terse) return gate('rate-limited');
  return null;
}
