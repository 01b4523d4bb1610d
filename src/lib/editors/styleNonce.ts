/**
 * The nonce this page may give its own `<style>` elements. The hub puts a fresh one in each page
 * (`<meta property="csp-nonce">` in src/app.html) and in that page's Content-Security-Policy;
 * CodeMirror, which writes its styles into a `<style>` element, needs it. Empty when the page
 * came without one (from `vite dev`, which sends no policy).
 */
export function pageStyleNonce(): string {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(nonce) ? nonce : '';
}
