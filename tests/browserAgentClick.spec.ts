/**
 * The in-page agent's click verification, driven directly (no hub, no MCP). The agent checks and
 * answers `clickAt`; the test clicks there with the mouse, as the driver does, so every click
 * the page sees is trusted. Numbers refer to the conformance list (click verification).
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

test('6. a covered button is refused at once as obscured, naming the cover; nothing is clicked', async ({
  page,
}) => {
  await page.goto(server.url('/agent/overlay.html'));
  const agent = await agentOn(page);
  await agent.snapshot({ generation: 1 });
  const started = performance.now();
  const result = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: 'Buy now',
    generation: 1,
  });
  const took = performance.now() - started;
  expect(result).toEqual({
    found: true,
    clicked: false,
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
    reason: 'obscured',
    by: 'div.cookie-banner',
  });
  expect(took).toBeLessThan(500);
  expect(await clicksOn(page)).toEqual([]);

  // Hiding the banner (what browser.style is for) makes the same act go through.
  expect(
    await agent.style({ selector: '.cookie-banner', set: { display: 'none' }, generation: 1 }),
  ).toEqual({
    styled: 1,
  });
  const retry = await actAsDriver(page, agent, { operation: 'click', ref: 'e1', generation: 1 });
  expect(retry).toMatchObject({ found: true, clicked: true });
  expect(await clicksOn(page)).toEqual([{ id: 'buy', trusted: true }]);
});

test('7. a hidden duplicate is skipped, not ambiguous: the visible one is clicked', async ({
  page,
}) => {
  await page.goto(server.url('/agent/duplicates.html'));
  const agent = await agentOn(page);
  const result = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: 'Delete',
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, clicked: true, matchedTotal: 2, matchedVisible: 1 });
  expect(await clicksOn(page)).toEqual([{ id: 'delete-visible', trusted: true }]);
});

test('8. two visible matches are ambiguous, with candidates; acting by a candidate ref clicks that one', async ({
  page,
}) => {
  await page.goto(server.url('/agent/duplicates.html'));
  const agent = await agentOn(page);
  const result = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: 'Remove',
    generation: 1,
  });
  expect(result).toMatchObject({
    found: true,
    clicked: false,
    matchedTotal: 2,
    matchedVisible: 2,
    reason: 'ambiguous',
  });
  expect(result.candidates).toHaveLength(2);
  const [report, budget] = result.candidates ?? [];
  expect(report.text).toBe('button.remove in ul#files "Report.pdf"');
  expect(budget.text).toBe('button.remove in ul#files "Budget.xlsx"');
  expect(await clicksOn(page)).toEqual([]);

  const byRef = await actAsDriver(page, agent, {
    operation: 'click',
    ref: budget.ref,
    generation: 1,
  });
  expect(byRef).toMatchObject({ found: true, clicked: true, ref: budget.ref });
  expect(await clicksOn(page)).toEqual([{ id: 'remove-budget', trusted: true }]);
  // The candidates' refs are the snapshot's refs.
  const snapshot = await snapshotOf(agent, 1);
  expect(snapshot.nodes.filter((n) => n.name === 'Remove').map((n) => n.ref)).toEqual([
    report.ref,
    budget.ref,
  ]);
});

test('9. only hidden matches: hidden, with the counts', async ({ page }) => {
  await page.goto(server.url('/agent/duplicates.html'));
  const agent = await agentOn(page);
  const result = await agent.act({
    operation: 'click',
    role: 'button',
    name: 'Archive',
    generation: 1,
  });
  expect(result).toEqual({
    found: true,
    clicked: false,
    matchedTotal: 1,
    matchedVisible: 0,
    reason: 'hidden',
  });
  const missing = await agent.act({
    operation: 'click',
    role: 'button',
    name: 'Nothing',
    generation: 1,
  });
  expect(missing).toEqual({ found: false, clicked: false, matchedTotal: 0, matchedVisible: 0 });
});

test('10. disabled, aria-disabled, inert and pointer-events:none are all disabled; the last two say inert', async ({
  page,
}) => {
  await page.goto(server.url('/agent/disabled.html'));
  const agent = await agentOn(page);
  const cases: [string, object][] = [
    ['Native disabled', { reason: 'disabled' }],
    ['Aria disabled', { reason: 'disabled' }],
    ['Inside inert', { reason: 'disabled', detail: 'inert' }],
    ['No pointer events', { reason: 'disabled', detail: 'inert' }],
  ];
  for (const [name, expected] of cases) {
    const result = await agent.act({ operation: 'click', role: 'button', name, generation: 1 });
    expect(result, name).toMatchObject({
      found: true,
      clicked: false,
      matchedTotal: 1,
      ...expected,
    });
    if (!('detail' in expected)) expect(result, name).not.toHaveProperty('detail');
  }
  const snapshot = await snapshotOf(agent, 1);
  for (const [name] of cases) expect(nodeNamed(snapshot, 'button', name).disabled, name).toBe(true);
  expect(await clicksOn(page)).toEqual([]);
});

test('11. a role narrows: role=button clicks the button, not the link of the same name', async ({
  page,
}) => {
  await page.goto(server.url('/agent/disabled.html'));
  const agent = await agentOn(page);
  const result = await actAsDriver(page, agent, {
    operation: 'click',
    role: 'button',
    name: 'Publish',
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, clicked: true, matchedTotal: 1, matchedVisible: 1 });
  expect(await clicksOn(page)).toEqual([{ id: 'publish', trusted: true }]);
  expect(page.url()).toBe(server.url('/agent/disabled.html'));
});

test('12. uploads are refused (file input, through its label, typing into it) and no chooser opens', async ({
  page,
}) => {
  await page.goto(server.url('/agent/upload.html'));
  const agent = await agentOn(page);
  let choosers = 0;
  page.on('filechooser', () => choosers++);
  const snapshot = await snapshotOf(agent, 1);
  expect(snapshot.nodes).toEqual([
    { role: 'button', name: 'Attachment', ref: 'e1', upload: true },
    { role: 'button', name: 'Choose file', ref: 'e2', upload: true },
    { role: 'button', name: 'Upload photo', ref: 'e3', upload: true },
  ]);
  const acts = [
    { operation: 'click', role: 'button', name: 'Attachment' },
    { operation: 'click', role: 'button', name: 'Choose file' },
    { operation: 'click', role: 'button', name: 'Upload photo' },
    { operation: 'click', ref: 'e2' },
    { operation: 'type', role: 'button', name: 'Attachment', text: '/etc/passwd' },
  ] as const;
  for (const act of acts) {
    const result = await actAsDriver(page, agent, { ...act, generation: 1 });
    expect(result, JSON.stringify(act)).toMatchObject({ found: true, reason: 'upload' });
    expect(result.clickAt).toBeUndefined();
  }
  await page.waitForTimeout(200);
  expect(choosers).toBe(0);
  expect(await clicksOn(page)).toEqual([]);
});

test('13. beyond the viewport edge is offscreen; entirely in negative coordinates is hidden', async ({
  page,
}) => {
  await page.goto(server.url('/agent/offscreen.html'));
  const agent = await agentOn(page);
  const right = await agent.act({
    operation: 'click',
    role: 'button',
    name: 'Beyond the right edge',
    generation: 1,
  });
  expect(right).toMatchObject({
    found: true,
    clicked: false,
    reason: 'offscreen',
    matchedVisible: 1,
  });
  const above = await agent.act({
    operation: 'click',
    role: 'button',
    name: 'Above the page',
    generation: 1,
  });
  expect(above).toMatchObject({ found: true, clicked: false, reason: 'hidden', matchedVisible: 0 });
  const names = (await snapshotOf(agent, 1)).nodes.map((n) => n.name);
  expect(names).toEqual(['Beyond the right edge', 'Here']);
  expect(await clicksOn(page)).toEqual([]);
});
