/** Settings as stored and as changed by a window: unknown or ill-typed fields are ignored. */
import { parseCjkFormatSettings } from '../../cjk/rules/settings';
import { parseGrants } from '../../browserPanel/grants';
import { isLanguageSetting } from '../../i18n/locales';
import { checkPersonName } from '../../coherence/resolution/personName';
import type { BrowserSettings, Settings } from '../types';

const THEMES = new Set(['system', 'light', 'dark']);

/** `current` with the valid fields of `patch` applied; anything else in `patch` is dropped. */
export function mergeSettings(current: Settings, patch: unknown): Settings {
  const next: Settings = { ...current };
  if (typeof patch !== 'object' || patch === null) return next;
  const p = patch as Record<string, unknown>;
  if (typeof p.theme === 'string' && THEMES.has(p.theme)) next.theme = p.theme as Settings['theme'];
  if (isLanguageSetting(p.language)) next.language = p.language;
  if (typeof p.autoApproveEdits === 'boolean') next.autoApproveEdits = p.autoApproveEdits;
  if (typeof p.workspaceRail === 'boolean') next.workspaceRail = p.workspaceRail;
  if (typeof p.trackProvenance === 'boolean') next.trackProvenance = p.trackProvenance;
  if (typeof p.autoPair === 'boolean') next.autoPair = p.autoPair;
  if (typeof p.personNameAsked === 'boolean') next.personNameAsked = p.personNameAsked;
  // A name that fails the check keeps the current one (the window says why before sending it);
  // a name given is an answer to the Breakdown view's question too.
  if (typeof p.personName === 'string') {
    const checked = checkPersonName(p.personName);
    if (checked.ok) {
      next.personName = checked.name;
      next.personNameAsked = true;
    }
  }
  // Each CJK rule is taken on its own: a bad field keeps the current value of that field only.
  if (typeof p.cjkFormat === 'object' && p.cjkFormat !== null) {
    const given = p.cjkFormat as Record<string, unknown>;
    const parsed = parseCjkFormatSettings({ ...current.cjkFormat, ...given }) as unknown as Record<
      string,
      unknown
    >;
    const kept = current.cjkFormat as unknown as Record<string, unknown>;
    next.cjkFormat = Object.fromEntries(
      Object.keys(parsed).map((key) => [
        key,
        key in given && parsed[key] !== given[key] ? kept[key] : parsed[key],
      ]),
    ) as unknown as Settings['cjkFormat'];
  }
  if (typeof p.browser === 'object' && p.browser !== null) {
    next.browser = mergeBrowser(current.browser, p.browser as Record<string, unknown>);
  }
  return next;
}

/** Each browser field on its own, as the CJK rules: a bad one keeps its current value. */
function mergeBrowser(current: BrowserSettings, b: Record<string, unknown>): BrowserSettings {
  const next: BrowserSettings = { ...current, grants: [...current.grants] };
  if (typeof b.enabled === 'boolean') next.enabled = b.enabled;
  if (b.posture === 'sandbox' || b.posture === 'shared') next.posture = b.posture;
  if (typeof b.headless === 'boolean') next.headless = b.headless;
  if (typeof b.allowLoopback === 'boolean') next.allowLoopback = b.allowLoopback;
  if (Array.isArray(b.grants)) next.grants = parseGrants(b.grants);
  return next;
}
