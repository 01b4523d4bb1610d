/**
 * The in-page agent's perception, driven directly (no hub, no MCP): the snapshot's shape, refs
 * and generations, caps, what it cannot reach, what it leaves out, names, and the isolated
 * world. Numbers refer to the conformance list of the browser tools (snapshot and refs).
 */
import { expect, test } from '@playwright/test';
import { actAsDriver, agentOn, clicksOn, nodeNamed, snapshotOf } from './support/agent';
import { startPageServer, type PageServer } from './support/pageServer';

let server: PageServer;
test.beforeAll(async () => {
  server = await startPageServer();
});
test.afterAll(async () => {
  await server.close();
});

test('1. the snapshot is a flat list of role, name and ref, with level, checked, disabled, upload', async ({
  page,
}) => {
  await page.goto(server.url('/agent/shape.html'));
  const agent = await agentOn(page);
  const snapshot = await snapshotOf(agent, 1);
  expect(snapshot).toEqual({
    nodes: [
      { role: 'heading', name: 'Account settings', ref: 'e1', level: 2 },
      { role: 'link', name: 'Help centre', ref: 'e2' },
      { role: 'button', name: 'Save', ref: 'e3' },
      { role: 'textbox', name: 'Display name', ref: 'e4' },
      { role: 'checkbox', name: 'Send newsletter', ref: 'e5', checked: true },
      { role: 'button', name: 'Delete account', ref: 'e6', disabled: true },
      { role: 'button', name: 'Avatar', ref: 'e7', upload: true },
      { role: 'button', name: 'Publish', ref: 'e8' },
    ],
    total: 8,
    clipped: [],
    exhausted: false,
    unreachable: { frames: 0, closedShadowRoots: 0 },
  });
});

test('2. refs are stable within a generation and name nothing after a navigation', async ({
  page,
}) => {
  await page.goto(server.url('/agent/shape.html'));
  const agent = await agentOn(page);
  const first = await snapshotOf(agent, 1);
  expect(await snapshotOf(agent, 1)).toEqual(first);
  const save = nodeNamed(first, 'button', 'Save');
  expect(await agent.describe({ ref: save.ref, generation: 1 })).toEqual({
    found: true,
    role: 'button',
    name: 'Save',
  });

  // A new document, a new generation: the new page's "Save" gets the same ref string.
  await page.goto(server.url('/agent/other.html'));
  const second = await snapshotOf(agent, 2);
  expect(nodeNamed(second, 'button', 'Save').ref).toBe(save.ref);
  const stale = await agent.act({ operation: 'click', ref: save.ref, generation: 1 });
  expect(stale).toMatchObject({ found: false, clicked: false, matchedTotal: 0 });
  expect(await agent.describe({ ref: save.ref, generation: 1 })).toEqual({ found: false });
  expect(await agent.check({ ref: save.ref, generation: 1 })).toHaveProperty('error');
  expect(await agent.snapshot({ generation: 1 })).toHaveProperty('error');
  expect(await clicksOn(page)).toEqual([]);

  // A same-document navigation is a new generation too, in the same document.
  await page.evaluate(() => history.pushState({}, '', '#next'));
  const third = await snapshotOf(agent, 3);
  expect(await agent.act({ operation: 'click', ref: 'e3', generation: 2 })).toMatchObject({
    found: false,
  });
  // An element that left the document resolves to nothing.
  const back = nodeNamed(third, 'link', 'Back');
  await page.evaluate(() => document.querySelector('a')?.remove());
  expect(await agent.describe({ ref: back.ref, generation: 3 })).toEqual({ found: false });
});

test('3. windows and filters: every node counted, a window from an offset, one role or a piece of a name; names cut at 200 characters; acting by the cut name', async ({
  page,
}) => {
  await page.goto(server.url('/agent/many.html'));
  const agent = await agentOn(page);
  const started = Date.now();
  const snapshot = await snapshotOf(agent, 1);
  test.info().annotations.push({
    type: 'snapshot of 2,501 buttons',
    description: `${Date.now() - started} ms`,
  });
  expect(snapshot.nodes).toHaveLength(2501);
  expect(snapshot).toMatchObject({ total: 2501, clipped: [0], exhausted: false });
  const window = await agent.snapshot({ generation: 1, offset: 2499, limit: 5 });
  expect(window).toMatchObject({ total: 2501, clipped: [] });
  expect('nodes' in window && window.nodes.map((n) => `${n.ref} ${n.name}`)).toEqual([
    'e2500 Button 2499',
    'e2501 Button 2500',
  ]);
  // Filtered, the refs stay those of the whole page; names match whatever their case.
  const some = await agent.snapshot({ generation: 1, role: 'button', nameContains: 'BUTTON 250' });
  expect('nodes' in some && some.nodes.map((n) => `${n.ref} ${n.name}`)).toEqual([
    'e251 Button 250',
    'e2501 Button 2500',
  ]);
  expect(await agent.snapshot({ generation: 1, role: 'link' })).toMatchObject({ total: 0 });
  expect(await agent.snapshot({ generation: 1, nameContains: ' ' })).toHaveProperty('error');
  const long = snapshot.nodes[0];
  expect(long.name).toHaveLength(200);
  expect(long.name.startsWith('Long label xxx')).toBe(true);
  const result = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: long.name,
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, clicked: true, matchedTotal: 1, matchedVisible: 1 });
  expect(await clicksOn(page)).toEqual([{ id: 'long', trusted: true }]);
});

test('4. iframes and closed shadow roots are counted as unreachable; open shadow trees are read and clickable', async ({
  page,
}) => {
  await page.goto(server.url('/agent/frames.html'));
  const agent = await agentOn(page);
  const snapshot = await snapshotOf(agent, 1);
  expect(snapshot.unreachable).toEqual({ frames: 1, closedShadowRoots: 1 });
  expect(snapshot.nodes.map((n) => n.name)).toEqual(['Shadow button']);
  const result = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: 'Shadow button',
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, clicked: true });
  expect(await clicksOn(page)).toEqual([{ id: 'shadow', trusted: true }]);
});

test('5. hidden elements are left out: display, hidden, aria-hidden, off the page, collapsed, transparent', async ({
  page,
}) => {
  await page.goto(server.url('/agent/hidden.html'));
  const agent = await agentOn(page);
  const snapshot = await snapshotOf(agent, 1);
  expect(snapshot.nodes.map((n) => `${n.role} ${n.name}`)).toEqual(['button Shown', 'button More']);
});

test('14. names lose format characters: "Publ\\u200Bish" is "Publish", and either spelling acts', async ({
  page,
}) => {
  await page.goto(server.url('/agent/shape.html'));
  const agent = await agentOn(page);
  expect(nodeNamed(await snapshotOf(agent, 1), 'button', 'Publish').ref).toBe('e8');
  for (const name of ['Publish', 'Pub\u200Dlish\uFEFF']) {
    const result = await actAsDriver(page, agent, {
      operation: 'click',
      role: 'button',
      name,
      generation: 1,
    });
    expect(result).toMatchObject({ found: true, clicked: true, ref: 'e8' });
  }
  expect(await clicksOn(page)).toEqual([
    { id: 'publ', trusted: true },
    { id: 'publ', trusted: true },
  ]);
});

test('the agent runs in an isolated world: a page that patches DOM methods changes nothing', async ({
  page,
}) => {
  await page.goto(server.url('/agent/shape.html'));
  await page.evaluate(() => {
    const w = window as unknown as { tampered: number; __vmarkAgent: unknown };
    w.tampered = 0;
    const trap = () => {
      w.tampered++;
      throw new Error('tampered');
    };
    for (const [proto, names] of [
      [
        Element.prototype,
        ['getBoundingClientRect', 'matches', 'checkVisibility', 'getAttribute', 'scrollIntoView'],
      ],
      [Document.prototype, ['querySelectorAll', 'elementFromPoint', 'createRange']],
      [EventTarget.prototype, ['dispatchEvent']],
    ] as const) {
      for (const name of names)
        Object.defineProperty(proto, name, { value: trap, configurable: true });
    }
    document.querySelectorAll = trap;
    window.getComputedStyle = trap;
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      set: trap,
      get: trap,
      configurable: true,
    });
    w.__vmarkAgent = { snapshot: trap };
  });
  const agent = await agentOn(page);
  const snapshot = await snapshotOf(agent, 1);
  expect(snapshot.nodes).toHaveLength(8);
  const typed = await actAsDriver(page, agent, {
    operation: 'type',
    role: 'textbox',
    name: 'Display name',
    text: 'Grace',
    generation: 1,
  });
  expect(typed).toMatchObject({ found: true, typed: true });
  const clicked = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: 'Save',
    generation: 1,
  });
  expect(clicked).toMatchObject({ found: true, clicked: true });
  const query = await agent.query({
    selector: 'input[type=text]',
    generation: 1,
    fields: { box: true },
  });
  expect(query).toMatchObject({ count: 1 });
  expect(await page.evaluate(() => (window as unknown as { tampered: number }).tampered)).toBe(0);
  expect(await clicksOn(page)).toEqual([{ id: 'save', trusted: true }]);
  // The page's own `__vmarkAgent` is its own business; the agent's is out of its reach.
  expect(
    await page.evaluate(() =>
      Object.keys((window as unknown as { __vmarkAgent: object }).__vmarkAgent),
    ),
  ).toEqual(['snapshot']);
});

test('the agent follows the page: new documents, same-document navigations, another origin', async ({
  page,
}) => {
  const second = await startPageServer();
  try {
    const agent = await agentOn(page);
    await page.goto(server.url('/agent/query.html'));
    // Calls that arrive together on a fresh agent share one session and one world.
    const [read, query, gate] = await Promise.all([
      agent.snapshot({ generation: 0 }),
      agent.query({ selector: 'td', generation: 0 }),
      agent.gateSignals(),
    ]);
    expect(read).toMatchObject({ exhausted: false, clipped: [] });
    expect(query).toMatchObject({ count: 4 });
    expect(gate).toMatchObject({ title: 'Query' });
    const urls = [
      server.url('/agent/shape.html'),
      server.url('/agent/other.html'),
      second.url('/agent/shape.html'),
      server.url('/agent/shape.html#anchor'),
    ];
    for (const [i, url] of urls.entries()) {
      await page.goto(url);
      const snapshot = await snapshotOf(agent, i + 1);
      expect(nodeNamed(snapshot, 'button', 'Save').ref, url).toBe('e3');
    }
    await page.evaluate(() => history.pushState({}, '', '?step=2'));
    expect((await snapshotOf(agent, 10)).nodes.length).toBe(8);
    // Nothing of the agent is visible to the page's scripts.
    expect(
      await page.evaluate(() => ['__vmarkAgent', '__vmarkAgentKey'].filter((k) => k in window)),
    ).toEqual([]);
  } finally {
    await second.close();
  }
});
