/**
 * Local pages shared by the driver specs (which play the app over its socket) and the AI browser
 * specs (which go end to end through the SDK client): gates, the reader, waits, navigation
 * outcomes, console, screenshots, a person's cookies.
 */
import type { Route } from './pageServer';

/** A credential-looking path: the model must never see it. */
export const SECRET_PATH = '/reset/tok123abc456def789ghi';

/** A form whose clicks are kept in `window.clicks`. */
export const ACCOUNT_FORM = `<!doctype html><title>Account</title>
<h1>Account</h1>
<button onclick="clicks.push('publish')">Publish</button>
<button onclick="clicks.push('delete')">Delete</button>
<label>Title <input id="title"></label>
<div style="height:3000px"></div>
<script>window.clicks = [];</script>`;

/** A short page with a button that adds a line. */
export const NOTES_PAGE = `<!doctype html><title>Notes</title><h1>Notes</h1><p>Hello there</p>
<button onclick="document.body.insertAdjacentHTML('beforeend','<p>Later</p>')">Add</button>`;

/** `?set` sets a cookie and a localStorage entry; `#jar` shows what the page can see of both. */
export const COOKIE_PAGE = `<!doctype html><title>Jar</title><script>
  if (location.search === '?set') { document.cookie = 'sid=cookie-secret-1; path=/; max-age=3600'; localStorage.setItem('token', 'storage-secret-2'); }
</script><p id="jar"></p><script>document.getElementById('jar').textContent = document.cookie + '|' + (localStorage.getItem('token') ?? '')</script>`;

const article = (words: string) =>
  `<p>${`${words} This paragraph is about something else entirely, at some length. `.repeat(40)}</p>`;

/** Gates (and pages that must not look like one), the reader, and a page that changes later. */
export const GATE_PAGES: Record<string, string> = {
  '/login': '<title>Sign in</title><form><input name="u"><input type="password"></form>',
  '/login-hidden':
    '<title>Sign in</title><form><input name="u"><input type="password" style="display:none"></form>',
  '/article': `<title>How to sign in safely</title><h1>Sign in safely</h1>${article('Never sign in on a shared computer.')}`,
  '/consent/':
    '<title>Before you continue</title><p>We use cookies.</p><button>Accept all</button>',
  '/news': '<title>News</title><p>We use cookies. Accept all to continue reading.</p>',
  '/challenge':
    '<title>Checking</title><div class="cf-turnstile" style="width:300px;height:65px;background:#eee"></div>',
  '/challenge-tiny':
    '<title>Shop</title><div class="cf-turnstile" style="width:1px;height:1px"></div><p>Welcome</p>',
  '/moment':
    '<title>Just a moment...</title><p>Verify you are human by completing the action below.</p>',
  '/moment-long': `<title>Just a moment...</title><p>Verify you are human</p>${article('Captchas ask you to verify you are human.')}`,
  '/429': '<title>429 Too Many Requests</title><p>Too many requests, try again later.</p>',
  '/price':
    '<title>Deals</title><p>Now only $429. Too many requests for this item, try again later.</p>',
  '/story': `<title>Story | Site</title><nav><a href="/">Home</a> Menu</nav>
    <article><h1>The story</h1><a rel="author" href="/me">Ada</a>
    <p>First paragraph of the story, long enough to count as the main content of the page.</p>
    <p># Not a heading, and a <a href="/next">relative link</a>.</p></article><footer>Footer text</footer>`,
  '/huge': `<title>Huge</title><article><h1>Huge</h1><p>${'word '.repeat(450_000)}</p></article>`,
  '/later': `<title>Later</title><h1>Waiting</h1><button>Present</button><script>
    setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<button>Appeared</button><p>Fresh text</p>'), 1000);
    setTimeout(() => history.pushState({}, '', '/later/done?secret=1'), 1000);
  </script>`,
};

/** Loads, slow loads, failures, a wide page, and a page that logs a lot. */
export const NAVIGATION_PAGES: Record<string, Route> = {
  '/hello': '<title>Hello</title><h1>Hello</h1>',
  '/slow': { body: '<title>Slow</title><p>at last</p>', delayMs: 1500 },
  '/missing': { body: 'gone', status: 404 },
  '/wide': '<title>Wide</title><body style="margin:0;background:#39c"><p>wide</p></body>',
  '/noisy': `<title>Noisy</title><script>
      for (let i = 0; i < 250; i++) console.log('line ' + i);
      console.warn('x'.repeat(5000));
      setTimeout(() => { throw new Error('boom'); }, 0);
      Promise.reject(new Error('nobody caught me'));
    </script>`,
};
