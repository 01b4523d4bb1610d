/**
 * The client credential an AI client may present: the secret the person issued for it in the
 * app's Settings → AI clients, set as `VMARK_CLIENT_TOKEN` in the client's configuration. The
 * relay sends it in a header of its `/ai` upgrade; the hub hands it to the app with the session,
 * which alone knows whose it is. Neither the relay nor the hub ever writes it anywhere.
 */

/** The upgrade header that carries the credential from the relay to the hub. */
export const CLIENT_CREDENTIAL_HEADER = 'x-vmark-client-token';

/** The app issues 32 random bytes as base64url (43 characters); a little room either way. */
const SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

export type CredentialCheck = { ok: true; credential: string | null } | { ok: false };

/** A credential as given (absent or empty: none); anything not of its shape is refused. */
export function checkClientCredential(value: string | string[] | undefined): CredentialCheck {
  if (value === undefined || value === '') return { ok: true, credential: null };
  if (typeof value !== 'string' || !SHAPE.test(value)) return { ok: false };
  return { ok: true, credential: value };
}

/** The relay's sentence for a malformed `VMARK_CLIENT_TOKEN`; it never repeats the value. */
export const MALFORMED_CLIENT_TOKEN =
  'VMARK_CLIENT_TOKEN is not a VMark Web client credential (32 to 128 letters, digits, "-" or ' +
  '"_"); copy the configuration again from Settings → AI clients in VMark Web.';
