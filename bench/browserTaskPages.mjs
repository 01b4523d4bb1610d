// The pages of the browser tasks (bench/browserTasks.mjs) and the local server that serves them and
// decides when a task is done. Every task ends in a request to `done/<task>` that the server logs;
// the task counts as done only when that request carries the values the task asked for, so the
// agent's own view of success plays no part.
//
// Paths are per agent, `/<who>/<task>`, so the two agents' requests never mix in the log. The
// cross-origin iframe comes from a second server on another port, reached as localhost (another
// site, so Chromium runs the frame out of process).
import { createServer } from 'node:http';

export const ITEMS = 2000;
const TARGET_ITEM = 1500;

/** A page as sites have them: a title, a small header with links, the task, a footer. */
const page = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${title}</title><style>body{font:16px sans-serif;margin:0 2rem}header a{margin-right:1rem}
label{display:block;margin:.5rem 0}</style></head><body>
<header><nav aria-label="Main"><a href="#">Home</a><a href="#">Products</a><a href="#">Help</a></nav></header>
<main>${body}</main>
<footer><p>© Example Shop</p><a href="#">Privacy</a></footer></body></html>`;

/** A script that posts `data` as JSON to the task's done address (relative to the page). */
const post = (task, data) =>
  `fetch('done/${task}', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(${data})})`;

/**
 * A task on a page of the site: `title` in the tab, `heading` (the title unless given; null when
 * the body places its own) as the page's `<h1>`, then `body` (or `body(ctx)`, ctx: {who, cross})
 * and the `script` if there is one. The rest of the task is as given.
 */
const onPage = ({ title, heading = title, body, script, ...task }) => ({
  ...task,
  html: (ctx) => {
    const h1 = heading === null ? '' : `<h1>${heading}</h1>`;
    const main = typeof body === 'function' ? body(ctx) : body;
    return page(title, `${h1}${main}${script ? `\n<script>\n${script}\n</script>` : ''}`);
  },
});

/**
 * The tasks in order, each on its page (onPage). `html(ctx)` is the page (ctx: {who, cross}),
 * `frame` the iframe document if any, served from this origin or the other (`cross: true`),
 * `done(data)` the server's verdict on the final request, and `steps` what a person would do,
 * for the scripted agents to carry out.
 * A step: {op, role (one or a list the page may expose), name, text?, submit?, slowly?, value?,
 * fresh?} where `fresh` says the page changed since the last look and must be read again.
 */
export const TASKS = [
  onPage({
    id: 'search',
    what: 'search box, Enter and no button',
    title: 'Shop',
    heading: null,
    body: `<form role="search" action="done/search" method="get">
<input type="search" name="q" aria-label="Search products" placeholder="Search products"></form>
<h1>Featured</h1><p>New arrivals every week.</p>`,
    done: (d) => d.q === 'wireless headphones',
    steps: [
      {
        op: 'type',
        role: ['searchbox', 'textbox'],
        name: 'Search products',
        text: 'wireless headphones',
        submit: true,
      },
    ],
  }),
  onPage({
    id: 'login',
    what: 'login: user, password, submit',
    title: 'Sign in',
    body: `<form method="post" action="done/login">
<label>Username <input name="user" autocomplete="username"></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<button>Sign in</button></form><a href="#">Forgot your password?</a>`,
    done: (d) => d.user === 'ada' && d.password === 'correct-horse-battery',
    steps: [
      { op: 'type', role: 'textbox', name: 'Username', text: 'ada' },
      { op: 'type', role: 'textbox', name: 'Password', text: 'correct-horse-battery' },
      { op: 'click', role: 'button', name: 'Sign in' },
    ],
  }),
  onPage({
    id: 'react',
    what: 'React-style controlled input',
    // As React does: the instance's own value setter records what the framework set, an input
    // event whose value equals the record is ignored, and what is posted is the script's state.
    title: 'Profile',
    body: `<label for="dn">Display name</label><input id="dn">
<button id="save">Save</button><p id="status"></p>`,
    script: `const state = { name: 'Old name' };
const input = document.getElementById('dn');
const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
let tracked = '';
Object.defineProperty(input, 'value', { configurable: true,
  get() { return native.get.call(this); },
  set(v) { tracked = String(v); native.set.call(this, v); } });
const render = () => { if (input.value !== state.name) input.value = state.name; };
input.addEventListener('input', () => {
  const v = native.get.call(input);
  if (v === tracked) return;
  tracked = v; state.name = v; render();
});
render();
document.getElementById('save').addEventListener('click', () =>
  ${post('react', '{ name: state.name }')}.then(() => { status.textContent = 'Saved'; }));`,
    done: (d) => d.name === 'Grace Hopper',
    steps: [
      { op: 'type', role: 'textbox', name: 'Display name', text: 'Grace Hopper' },
      { op: 'click', role: 'button', name: 'Save' },
    ],
  }),
  onPage({
    id: 'select',
    what: 'select',
    title: 'Shipping address',
    body: `<form method="post" action="done/select">
<label>Country <select name="country"><option value="">Choose…</option>
<option value="us">United States</option><option value="ca">Canada</option>
<option value="fr">France</option><option value="jp">Japan</option></select></label>
<button>Continue</button></form>`,
    done: (d) => d.country === 'ca',
    steps: [
      { op: 'select', role: ['combobox', 'listbox'], name: 'Country', value: 'Canada' },
      { op: 'click', role: 'button', name: 'Continue' },
    ],
  }),
  onPage({
    id: 'checks',
    what: 'checkbox and radio',
    title: 'Checkout',
    body: `<form method="post" action="done/checks">
<fieldset><legend>Delivery</legend>
<label><input type="radio" name="shipping" value="standard" checked> Standard</label>
<label><input type="radio" name="shipping" value="express"> Express</label></fieldset>
<label><input type="checkbox" name="gift" value="yes"> Gift wrap</label>
<label><input type="checkbox" name="terms" value="yes"> I accept the terms</label>
<button>Place order</button></form>`,
    done: (d) => d.shipping === 'express' && d.terms === 'yes' && d.gift === undefined,
    steps: [
      { op: 'check', role: 'radio', name: 'Express' },
      { op: 'check', role: 'checkbox', name: 'I accept the terms' },
      { op: 'click', role: 'button', name: 'Place order' },
    ],
  }),
  onPage({
    id: 'autocomplete',
    what: 'autocomplete that suggests while keys are pressed',
    // As older widgets do: a key down opens a search, the input event takes the query, the key's
    // release shows the suggestions. Text set without keys shows none.
    title: 'Book a trip',
    body: `<label for="city">Destination</label>
<input id="city" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="sugg" autocomplete="off">
<ul id="sugg" role="listbox" aria-label="Suggestions" hidden></ul><button id="book">Book</button>`,
    script: `const cities = ['Amsterdam', 'Amstelveen', 'Athens', 'Austin', 'Barcelona', 'Berlin', 'Boston'];
const input = document.getElementById('city'), list = document.getElementById('sugg');
let typing = false, query = '', picked = null;
input.addEventListener('keydown', () => { typing = true; });
input.addEventListener('input', () => { if (typing) query = input.value.trim().toLowerCase(); picked = null; });
input.addEventListener('keyup', () => {
  typing = false;
  const found = query ? cities.filter((c) => c.toLowerCase().startsWith(query)) : [];
  list.replaceChildren(...found.map((c) => {
    const li = document.createElement('li');
    li.setAttribute('role', 'option'); li.textContent = c;
    li.addEventListener('click', () => { input.value = c; picked = c; list.hidden = true; });
    return li;
  }));
  list.hidden = found.length === 0;
  input.setAttribute('aria-expanded', String(!list.hidden));
});
list.addEventListener('mousedown', (e) => e.preventDefault());
document.getElementById('book').addEventListener('click', () => ${post('autocomplete', '{ city: picked }')});`,
    done: (d) => d.city === 'Amsterdam',
    steps: [
      { op: 'type', role: 'combobox', name: 'Destination', text: 'Ams', slowly: true },
      { op: 'click', role: 'option', name: 'Amsterdam', fresh: true },
      { op: 'click', role: 'button', name: 'Book' },
    ],
  }),
  onPage({
    id: 'modal',
    what: 'modal dialog with a switch',
    title: 'Account',
    body: `<button id="open">Notification settings</button>
<dialog id="dlg" aria-labelledby="dh"><h2 id="dh">Notifications</h2>
<button id="sw" role="switch" aria-checked="false">Email alerts</button>
<button id="ok">Confirm</button> <button id="cancel">Cancel</button></dialog>`,
    script: `const dlg = document.getElementById('dlg'), sw = document.getElementById('sw');
document.getElementById('open').addEventListener('click', () => dlg.showModal());
sw.addEventListener('click', () => sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true')));
document.getElementById('cancel').addEventListener('click', () => dlg.close());
document.getElementById('ok').addEventListener('click', () => {
  ${post('modal', "{ alerts: sw.getAttribute('aria-checked') === 'true' }")}; dlg.close();
});`,
    done: (d) => d.alerts === true,
    steps: [
      { op: 'click', role: 'button', name: 'Notification settings' },
      { op: 'click', role: 'switch', name: 'Email alerts', fresh: true },
      { op: 'click', role: 'button', name: 'Confirm' },
    ],
  }),
  onPage({
    id: 'editor',
    what: 'contenteditable editor fed by beforeinput',
    // As rich editors do: every beforeinput is cancelled and applied to the editor's own model,
    // which is what gets posted; text that arrives without beforeinput is lost on the next render.
    title: 'New post',
    body: `
<div id="ed" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Post body" style="border:1px solid #888;min-height:4em"></div>
<button id="publish">Publish</button>`,
    script: `const ed = document.getElementById('ed');
let model = '';
const render = () => {
  ed.textContent = model;
  const range = document.createRange(); range.selectNodeContents(ed); range.collapse(false);
  const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
};
ed.addEventListener('beforeinput', (e) => {
  e.preventDefault();
  const data = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
  const all = model !== '' && getSelection().toString() === model;
  if (e.inputType === 'insertText' || e.inputType === 'insertReplacementText' || e.inputType === 'insertFromPaste')
    model = all ? data : model + data;
  else if (e.inputType === 'deleteContentBackward') model = all ? '' : model.slice(0, -1);
  else if (e.inputType.startsWith('delete')) model = '';
  render();
});
document.getElementById('publish').addEventListener('click', () => ${post('editor', '{ text: model }')});`,
    done: (d) => d.text === 'Shipped the release',
    steps: [
      { op: 'type', role: 'textbox', name: 'Post body', text: 'Shipped the release' },
      { op: 'click', role: 'button', name: 'Publish' },
    ],
  }),
  onPage({
    id: 'iframe-same',
    what: 'form in a same-origin iframe',
    title: 'Blog',
    heading: 'Our blog',
    body: `<p>Get new posts by email.</p>
<iframe src="frame/iframe-same" title="Newsletter signup" width="420" height="160"></iframe>`,
    frame: `<!doctype html><html lang="en"><title>Newsletter</title><body>
<form method="post" action="../done/iframe-same"><label>Email <input type="email" name="email"></label>
<button>Subscribe</button></form></body></html>`,
    done: (d) => d.email === 'ada@example.com',
    steps: [
      { op: 'type', role: 'textbox', name: 'Email', text: 'ada@example.com' },
      { op: 'click', role: 'button', name: 'Subscribe' },
    ],
  }),
  onPage({
    id: 'iframe-cross',
    what: 'form in a cross-origin iframe',
    title: 'Payment',
    heading: 'Pay for your order',
    body: ({ who, cross }) => `<p>Total: €20.00</p>
<iframe src="${cross}/${who}/frame/iframe-cross" title="Secure payment" width="420" height="160"></iframe>`,
    frame: `<!doctype html><html lang="en"><title>Card</title><body>
<form method="post" action="../done/iframe-cross"><label>Card number <input name="card" inputmode="numeric"></label>
<button>Pay €20.00</button></form></body></html>`,
    cross: true,
    done: (d) => d.card === '4242424242424242',
    steps: [
      { op: 'type', role: 'textbox', name: 'Card number', text: '4242424242424242' },
      { op: 'click', role: 'button', name: 'Pay €20.00' },
    ],
  }),
  onPage({
    id: 'shadow',
    what: 'button in an open shadow root',
    title: 'Cart',
    heading: 'Your cart',
    body: `<p>1 item: Wireless headphones, €79.00</p><checkout-button></checkout-button>`,
    script: `customElements.define('checkout-button', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>button{font-size:18px}</style><button>Proceed to checkout</button>';
    root.querySelector('button').addEventListener('click', () => ${post('shadow', '{ checkout: true }')});
  }
});`,
    done: (d) => d.checkout === true,
    steps: [{ op: 'click', role: 'button', name: 'Proceed to checkout' }],
  }),
  onPage({
    id: 'list',
    what: `"Buy item ${TARGET_ITEM}" among ${ITEMS.toLocaleString('en-US')} items`,
    title: 'Catalogue',
    body: () => {
      const rows = [];
      for (let i = 1; i <= ITEMS; i++)
        rows.push(
          `<li><span>Item ${i}</span> <span>€${(i % 90) + 10}.00</span> <button data-item="${i}" aria-label="Buy item ${i}">Buy</button></li>`,
        );
      return `<ul id="items">${rows.join('')}</ul>`;
    },
    script: `document.getElementById('items').addEventListener('click', (e) => {
  const item = e.target.closest('button')?.dataset.item;
  if (item) ${post('list', '{ item: Number(item) }')};
});`,
    done: (d) => d.item === TARGET_ITEM,
    steps: [{ op: 'click', role: 'button', name: `Buy item ${TARGET_ITEM}` }],
  }),
  onPage({
    id: 'chat',
    what: 'chat box that sends on a trusted Enter',
    title: 'Support',
    heading: 'Support chat',
    body: `<div role="log" aria-label="Messages"><p>Agent: How can I help?</p></div>
<label>Message <input id="msg" autocomplete="off"></label>`,
    script: `const msg = document.getElementById('msg');
msg.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' || !e.isTrusted || !msg.value.trim()) return;
  e.preventDefault();
  ${post('chat', '{ text: msg.value }')};
  msg.value = '';
});`,
    done: (d) => d.text === 'Where is my order?',
    steps: [
      { op: 'type', role: 'textbox', name: 'Message', text: 'Where is my order?', submit: true },
    ],
  }),
  onPage({
    id: 'hover',
    what: 'hover menu (the item appears on mouseover only)',
    title: 'Dashboard',
    heading: null,
    body: `<div id="menu" style="display:inline-block"><button id="acct" aria-haspopup="menu">Account</button>
<div role="menu" id="items" hidden style="position:absolute;background:#fff;border:1px solid #888">
<a role="menuitem" href="#" id="profile">Profile</a><br><a role="menuitem" href="#" id="out">Sign out</a></div></div>
<h1>Dashboard</h1><p>Welcome back.</p>`,
    script: `const menu = document.getElementById('menu'), items = document.getElementById('items');
menu.addEventListener('mouseover', () => { items.hidden = false; });
menu.addEventListener('mouseleave', () => { items.hidden = true; });
document.getElementById('out').addEventListener('click', (e) => { e.preventDefault(); ${post('hover', '{ signOut: true }')}; });`,
    done: (d) => d.signOut === true,
    steps: [
      { op: 'hover', role: 'button', name: 'Account' },
      { op: 'click', role: 'menuitem', name: 'Sign out', fresh: true },
    ],
  }),
  onPage({
    id: 'confirm',
    what: 'confirm() before a delete',
    title: 'Drafts',
    body: `<ul><li>Draft 3: Release notes <button id="del">Delete draft</button></li></ul>`,
    script: `document.getElementById('del').addEventListener('click', () => {
  if (confirm('Delete "Draft 3"? This cannot be undone.')) ${post('confirm', "{ deleted: 'draft-3' }")};
});`,
    done: (d) => d.deleted === 'draft-3',
    steps: [
      { op: 'click', role: 'button', name: 'Delete draft' },
      { op: 'dialog', accept: true },
    ],
  }),
];

const byId = new Map(TASKS.map((t) => [t.id, t]));

async function bodyOf(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return { unparsed: text };
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const DONE_PAGE = '<!doctype html><html lang="en"><title>Done</title><p>Thank you.</p></html>';

/**
 * Starts the two servers. `log` holds every request to a done address: {who, task, data, ok}.
 * `doneBy(who, task)` says whether the server has seen the task done by that agent.
 */
export async function startTaskServers() {
  const log = [];
  const servers = [];
  let cross = '';
  const handle = (origin) => async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const [, who, kind, id] = url.pathname.split('/');
    const task = byId.get(kind === 'done' || kind === 'frame' ? id : kind);
    if (!who || !task) {
      res.writeHead(404).end();
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (kind === 'done') {
      const data = { ...Object.fromEntries(url.searchParams), ...(await bodyOf(req)) };
      log.push({ who, task: task.id, origin, data, ok: task.done(data) === true });
      res.end(DONE_PAGE);
    } else if (kind === 'frame') {
      // A frame is served only from the origin its task puts it on.
      if (!task.frame || Boolean(task.cross) !== (origin === 'cross')) res.writeHead(404).end();
      else res.end(task.frame);
    } else if (origin === 'main') {
      res.end(task.html({ who, cross }));
    } else res.writeHead(404).end();
  };
  for (const origin of ['main', 'cross']) {
    const server = createServer(handle(origin));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  const base = `http://127.0.0.1:${servers[0].address().port}`;
  // Another site, not only another port: Chromium runs its frames in a process of their own.
  cross = `http://localhost:${servers[1].address().port}`;
  return {
    base,
    cross,
    log,
    urlOf: (who, task) => `${base}/${who}/${task}`,
    doneBy: (who, task) => log.some((e) => e.who === who && e.task === task && e.ok),
    close: () =>
      Promise.all(
        servers.map((s) => {
          s.closeAllConnections?.();
          return new Promise((resolve) => s.close(resolve));
        }),
      ),
  };
}
