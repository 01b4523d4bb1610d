/**
 * session_save and session_load: the cookies and localStorage of the page's origin, kept by the
 * hub under a handle (sessionVault.ts). Every call needs the person's approval, bound to
 * `save:<handle>` or `load:<handle>`; the model sees the handle and counts, never a value. A
 * session loads only onto the origin it was saved from.
 */
import { originForAgent } from '../../policy/urls.js';
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { isResult, type DriverCore, type Tab } from '../core.js';
import { evaluateIsolated } from '../pages/pageIo.js';
import { done, errorText, fail } from '../results.js';
import type { SavedCookie } from '../sessionVault.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

const READ_STORAGE = `(() => {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key !== null) out.push([key, localStorage.getItem(key) ?? '']);
  }
  return out;
})()`;

function writeStorage(origin: string, entries: [string, string][]): string {
  return `(() => {
  if (location.origin !== ${JSON.stringify(origin)}) throw new Error('the page left the origin');
  const entries = ${JSON.stringify(entries)};
  for (const [key, value] of entries) localStorage.setItem(key, value);
  return entries.length;
})()`;
}

function sessionData(tab: Tab, data: Record<string, unknown>): Record<string, unknown> {
  return { tabId: tab.id, ...data, generation: tab.generation };
}

export async function sessionSave(
  core: DriverCore,
  cmd: Cmd<'session_save'>,
): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const denied = core.authorize(tab, {
    operation: 'session',
    payload: {
      text: `save:${cmd.handle}`,
      summary: `Save this site's cookies and local storage as "${cmd.handle}"`,
    },
  });
  if (denied) return denied;
  const url = tab.page.url();
  const origin = originForAgent(url);
  let localStorage: [string, string][];
  let cookies: SavedCookie[];
  try {
    localStorage = (await evaluateIsolated(await tab.cdp, READ_STORAGE)) as [string, string][];
    cookies = (await tab.page.context().cookies(url)).map((c) => ({
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      expires: c.expires,
      httpOnly: c.httpOnly,
      secure: c.secure,
      sameSite: c.sameSite,
    }));
  } catch (e) {
    return fail('INTERNAL', `The session could not be captured: ${errorText(e)}`);
  }
  if (originForAgent(tab.page.url()) !== origin) {
    return fail(
      'SESSION_ORIGIN_MISMATCH',
      'The page left its origin while the session was captured; nothing was saved.',
    );
  }
  try {
    await core.vault.save(cmd.handle, {
      origin,
      savedAt: new Date().toISOString(),
      localStorage,
      cookies,
    });
  } catch (e) {
    return fail('INTERNAL', `The session could not be stored: ${errorText(e)}`);
  }
  tab.lastAction = `saved the session as "${cmd.handle}"`;
  core.changed();
  return done(
    sessionData(tab, {
      saved: true,
      handle: cmd.handle,
      localStorageKeys: localStorage.length,
      cookies: cookies.length,
    }),
  );
}

export async function sessionLoad(
  core: DriverCore,
  cmd: Cmd<'session_load'>,
): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const saved = await core.vault.load(cmd.handle);
  if (!saved) return fail('SESSION_NOT_FOUND', `No saved session is named "${cmd.handle}".`);
  if (!saved.origin || originForAgent(tab.page.url()) !== saved.origin) {
    return fail(
      'SESSION_ORIGIN_MISMATCH',
      `The session "${cmd.handle}" was saved on another site; navigate there first.`,
    );
  }
  const denied = core.authorize(tab, {
    operation: 'session',
    payload: {
      text: `load:${cmd.handle}`,
      summary: `Sign this tab in with the saved session "${cmd.handle}"`,
    },
  });
  if (denied) return denied;
  if (originForAgent(tab.page.url()) !== saved.origin) {
    return fail('SESSION_ORIGIN_MISMATCH', 'The page left the origin; nothing was loaded.');
  }
  try {
    if (saved.cookies.length > 0) await tab.page.context().addCookies(saved.cookies);
    await evaluateIsolated(await tab.cdp, writeStorage(saved.origin, saved.localStorage));
  } catch (e) {
    return fail('INTERNAL', `The session could not be loaded: ${errorText(e)}`);
  }
  tab.lastAction = `loaded the session "${cmd.handle}"`;
  core.changed();
  return done(
    sessionData(tab, {
      loaded: true,
      handle: cmd.handle,
      localStorageKeys: saved.localStorage.length,
      cookies: saved.cookies.length,
    }),
  );
}
