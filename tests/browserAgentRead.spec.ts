/**
 * The in-page agent's query, the checks behind wait_for, describe, style and the gate signals,
 * driven directly (no hub, no MCP).
 */
import { expect, test } from '@playwright/test';
import { agentOn, nodeNamed, snapshotOf } from './support/agent';
import { startPageServer, type PageServer } from './support/pageServer';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

let server: PageServer;
test.beforeAll(async () => {
  server = await startPageServer({
    '/gate/login': page('Sign in', '<form><label>Password <input type="password"></label></form>'),
    '/gate/login-hidden': page('Sign in', '<input type="password" style="display:none">'),
    '/gate/login-faded': page('Sign in', '<div style="opacity:0"><input type="password"></div>'),
    '/gate/shadow-login': page(
      'Sign in',
      '<x-login></x-login><script>customElements.define("x-login", class extends HTMLElement {' +
        'connectedCallback() { this.attachShadow({mode: "open"}).innerHTML = "<input type=password>"; } });</script>',
    ),
    '/gate/turnstile': page(
      'Checking',
      '<div class="cf-turnstile" style="width:300px;height:65px"></div>',
    ),
    '/gate/turnstile-tiny': page(
      'Checking',
      '<div class="cf-turnstile" style="width:1px;height:1px"></div>',
    ),
    '/gate/challenge-frame': page(
      'Checking',
      '<iframe title="Security Challenge" srcdoc="x" width="320" height="90"></iframe>' +
        '<iframe title="challenge" srcdoc="x" width="320" height="90" style="visibility:hidden"></iframe>',
    ),
    '/gate/long': page('Article', `<p>${'Words and more words. '.repeat(300)}</p>`),
  });
});
test.afterAll(async () => {
  await server.close();
});

test('query: elements by selector, open shadow trees included, with attributes, box and styles', async ({
  page: tab,
}) => {
  await tab.goto(server.url('/agent/query.html'));
  const agent = await agentOn(tab);
  const result = await agent.query({
    selector: '.price',
    generation: 1,
    fields: { attributes: true, box: true, styles: ['color', 'fontWeight'] },
  });
  if ('error' in result) throw new Error(result.error);
  expect(result.count).toBe(3);
  expect(result.truncated).toBe(false);
  expect(result.elements.map((e) => [e.tag, e.text])).toEqual([
    ['td', '3.50'],
    ['td', '4.20'],
    ['span', '9.99'],
  ]);
  expect(result.elements[0].attributes).toEqual({ class: 'price' });
  expect(result.elements[0].styles).toEqual({ color: 'rgb(200, 0, 0)', fontWeight: '700' });
  expect(result.elements[2].box?.w).toBeGreaterThan(0);
  // Refs from a query are refs of the generation, usable like a snapshot's.
  expect(await agent.describe({ ref: result.elements[2].ref, generation: 1 })).toMatchObject({
    found: true,
  });

  const rows = await agent.query({ selector: 'tr.row', generation: 1 });
  expect(rows).toMatchObject({
    count: 2,
    elements: [{ tag: 'tr', text: 'Tea 3.50' }, { tag: 'tr' }],
  });
  expect(rows).not.toHaveProperty('elements.0.attributes');

  const items = await agent.query({ selector: '.item', generation: 1 });
  expect(items).toMatchObject({ count: 60, truncated: true });
  expect('elements' in items && items.elements.length).toBe(50);

  for (const selector of ['div[', ':scope > p', '']) {
    expect(await agent.query({ selector, generation: 1 }), selector).toHaveProperty('error');
  }
  const badFields = {
    selector: 'p',
    generation: 1,
    fields: { colour: true },
  } as unknown as Parameters<typeof agent.query>[0];
  expect(await agent.query(badFields)).toHaveProperty('error');
});

test('check: a ref, a role and name, or visible text (open shadow trees too), one quick look each', async ({
  page: tab,
}) => {
  await tab.goto(server.url('/agent/shape.html'));
  const agent = await agentOn(tab);
  const save = nodeNamed(await snapshotOf(agent, 1), 'button', 'Save');
  expect(await agent.check({ ref: save.ref, generation: 1 })).toEqual({
    matched: true,
    ref: save.ref,
  });
  expect(await agent.check({ role: 'button', name: 'Save', generation: 1 })).toEqual({
    matched: true,
    ref: save.ref,
  });
  expect(await agent.check({ role: 'heading', generation: 1 })).toEqual({
    matched: true,
    ref: 'e1',
  });
  expect(await agent.check({ role: 'button', name: 'Later', generation: 1 })).toEqual({
    matched: false,
  });
  expect(await agent.check({ text: 'Plain text is', generation: 1 })).toEqual({ matched: true });
  expect(await agent.check({ text: 'Arrived later', generation: 1 })).toEqual({ matched: false });

  await tab.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'Later';
    document.body.append(b);
    const p = document.createElement('p');
    p.textContent = 'Arrived   later';
    document.body.append(p);
    document.querySelector('button')?.setAttribute('hidden', '');
  });
  expect(await agent.check({ role: 'button', name: 'Later', generation: 1 })).toMatchObject({
    matched: true,
  });
  expect(await agent.check({ text: 'Arrived later', generation: 1 })).toEqual({ matched: true });
  expect(await agent.check({ ref: save.ref, generation: 1 })).toEqual({ matched: false });
  expect(await agent.check({ ref: save.ref, text: 'x', generation: 1 })).toHaveProperty('error');

  await tab.goto(server.url('/agent/frames.html'));
  expect(await agent.check({ text: 'Shadow text', generation: 2 })).toEqual({ matched: true });
  expect(await agent.check({ text: 'Inside the frame', generation: 2 })).toEqual({
    matched: false,
  });
});

test('describe: role and name of a ref, for an approval prompt', async ({ page: tab }) => {
  await tab.goto(server.url('/agent/shape.html'));
  const agent = await agentOn(tab);
  const snapshot = await snapshotOf(agent, 4);
  for (const node of snapshot.nodes) {
    expect(await agent.describe({ ref: node.ref, generation: 4 })).toEqual({
      found: true,
      role: node.role,
      name: node.name,
    });
  }
  expect(await agent.describe({ ref: 'e99', generation: 4 })).toEqual({ found: false });
  expect(await agent.describe({ ref: 'e1', generation: 3 })).toEqual({ found: false });
});

test('gate signals: rendered challenge widgets and password fields only', async ({ page: tab }) => {
  const agent = await agentOn(tab);
  const signals = async (path: string) => {
    await tab.goto(server.url(path));
    return agent.gateSignals();
  };
  expect(await signals('/gate/login')).toEqual({
    url: server.url('/gate/login'),
    title: 'Sign in',
    textHead: expect.stringMatching(/^Password\s*$/),
    challengeWidget: false,
    passwordField: true,
  });
  expect(await signals('/gate/login-hidden')).toMatchObject({ passwordField: false });
  expect(await signals('/gate/login-faded')).toMatchObject({ passwordField: false });
  expect(await signals('/gate/shadow-login')).toMatchObject({ passwordField: true });
  expect(await signals('/gate/turnstile')).toMatchObject({
    challengeWidget: true,
    passwordField: false,
  });
  expect(await signals('/gate/turnstile-tiny')).toMatchObject({ challengeWidget: false });
  expect(await signals('/gate/challenge-frame')).toMatchObject({ challengeWidget: true });
  const long = await signals('/gate/long');
  expect(long.textHead).toHaveLength(4000);
  expect(long.challengeWidget || long.passwordField).toBe(false);
});

test('style: set properties, add and remove classes, inject page-wide CSS', async ({
  page: tab,
}) => {
  await tab.goto(server.url('/agent/query.html'));
  const agent = await agentOn(tab);
  const rows = await agent.query({ selector: 'tr.row', generation: 1 });
  if ('error' in rows) throw new Error(rows.error);
  const first = rows.elements[0].ref;

  expect(
    await agent.style({
      ref: first,
      set: { backgroundColor: 'rgb(1, 2, 3)' },
      addClasses: ['picked'],
      generation: 1,
    }),
  ).toEqual({ styled: 1 });
  const row = tab.locator('tr.row').first();
  await expect(row).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  await expect(row).toHaveClass('row picked');
  expect(await agent.style({ selector: '.row', removeClasses: ['row'], generation: 1 })).toEqual({
    styled: 2,
  });
  await expect(tab.locator('tr.row')).toHaveCount(0);

  expect(
    await agent.style({ injectCss: '.price { color: rgb(0, 0, 255) !important }', generation: 1 }),
  ).toEqual({
    styled: 0,
    injected: true,
  });
  await expect(tab.locator('td.price').first()).toHaveCSS('color', 'rgb(0, 0, 255)');
  expect(
    await agent.style({ selector: '.item', set: { display: 'none !important' }, generation: 1 }),
  ).toEqual({
    styled: 60,
  });
  await expect(tab.locator('.item').first()).toBeHidden();

  for (const bad of [
    { set: { color: 'red' }, generation: 1 },
    { ref: first, selector: 'p', set: { color: 'red' }, generation: 1 },
    { selector: 'p', generation: 1 },
    { ref: 'e999', set: { color: 'red' }, generation: 1 },
    { selector: 'p[', set: { color: 'red' }, generation: 1 },
  ]) {
    expect(await agent.style(bad), JSON.stringify(bad)).toHaveProperty('error');
  }
});
