/**
 * The headers every HTTP response of the hub carries: a Content-Security-Policy as strict as the
 * app allows, and a refusal to be framed. docs/relay.md says why each directive is there.
 */
import { randomBytes } from 'node:crypto';
import { ownHosts } from './hostValidation.js';

/**
 * Written in the app's HTML (`src/app.html`, `<meta property="csp-nonce">`); the hub puts each
 * page's style nonce in its place, and the app hands it to CodeMirror for its `<style>` element.
 */
export const NONCE_PLACEHOLDER = '%vmark.cspNonce%';

/**
 * The one style attribute the app writes: SvelteKit's route announcer, a visually hidden live
 * region, carries its styles inline (SvelteKit issue 11993). `'unsafe-hashes'` admits exactly
 * that value; every other style attribute is refused. A SvelteKit update that changes it shows
 * up as a violation in tests/contentSecurityPolicy.spec.ts.
 */
const ANNOUNCER_STYLE = "'sha256-S8qMpvofolR8Mpjy4kQvEm7m1q8clzU4dfDH0AmvZjo='";

/** A fresh nonce: 16 random bytes in base64, as CSP nonces are written. */
export function freshNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy for the hub on `port`. `styleNonce` is given for HTML pages only: it admits the
 * `<style>` elements that carry it (CodeMirror's), and no other inline style sheet.
 */
export function contentSecurityPolicy(port: number, styleNonce?: string): string {
  const directives: string[][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['style-src', "'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    ['style-src-attr', "'unsafe-hashes'", ANNOUNCER_STYLE],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['connect-src', "'self'", ...ownHosts(port).map((host) => `ws://${host}`)],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((words) => words.join(' ')).join('; ');
}

/** The headers for every response; an HTML page replaces the policy with its nonce's. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(port),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
  };
}
