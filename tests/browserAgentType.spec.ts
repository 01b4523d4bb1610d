/**
 * The in-page agent's type, scroll and key, driven directly (no hub, no MCP). Numbers refer to
 * the conformance list (type).
 */
import { expect, test, type Page } from '@playwright/test';
import { agentOn } from './support/agent';
import { startPageServer, type PageServer } from './support/pageServer';

let server: PageServer;
test.beforeAll(async () => {
  server = await startPageServer();
});
test.afterAll(async () => {
  await server.close();
});

function events(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { events: string[] }).events.splice(0));
}

function valueOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).inputValue();
}

test('15. a select takes an option by label or by value, fires input and change once, and refuses a missing option', async ({
  page,
}) => {
  await page.goto(server.url('/agent/select.html'));
  const agent = await agentOn(page);
  const type = (text: string) =>
    agent.act({ operation: 'type', role: 'combobox', name: 'Country', text, generation: 1 });

  expect(await type('France')).toEqual({
    found: true,
    typed: true,
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
  });
  expect(await valueOf(page, '#country')).toBe('fr');
  expect(await events(page)).toEqual(['input:fr', 'change:fr']);

  expect(await type('jp')).toMatchObject({ found: true, typed: true });
  expect(await valueOf(page, '#country')).toBe('jp');
  expect(await events(page)).toEqual(['input:jp', 'change:jp']);

  expect(await type('Germany')).toMatchObject({
    found: true,
    typed: false,
    reason: 'no-such-option',
  });
  expect(await valueOf(page, '#country')).toBe('jp');
  expect(await events(page)).toEqual([]);
});

test('16. a React-style controlled input keeps the typed value after a re-render', async ({
  page,
}) => {
  await page.goto(server.url('/agent/react.html'));
  const agent = await agentOn(page);
  // The fixture is meaningful: a plain `el.value = …` from the page is undone by the re-render.
  await page.evaluate(() => {
    const input = document.getElementById('name') as HTMLInputElement;
    input.value = 'Written by the page';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(await valueOf(page, '#name')).toBe('Initial');

  const result = await agent.act({
    operation: 'type',
    role: 'textbox',
    name: 'Name',
    text: 'Ada Lovelace',
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, typed: true });
  await page.evaluate(() => (window as unknown as { rerender(): void }).rerender());
  expect(await valueOf(page, '#name')).toBe('Ada Lovelace');
  await expect(page.locator('#echo')).toHaveText('Ada Lovelace');
  expect(await page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(1);
});

test('17. letters into a number field: rejected-value, the prior value kept, no events', async ({
  page,
}) => {
  await page.goto(server.url('/agent/fields.html'));
  const agent = await agentOn(page);
  const result = await agent.act({
    operation: 'type',
    role: 'spinbutton',
    name: 'Quantity',
    text: 'abc',
    generation: 1,
  });
  expect(result).toEqual({
    found: true,
    typed: false,
    reason: 'rejected-value',
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
  });
  expect(await valueOf(page, '#qty')).toBe('3');
  expect(await events(page)).toEqual([]);
  expect(
    await agent.act({
      operation: 'type',
      role: 'spinbutton',
      name: 'Quantity',
      text: '12',
      generation: 1,
    }),
  ).toMatchObject({
    typed: true,
  });
  expect(await valueOf(page, '#qty')).toBe('12');
  expect(await events(page)).toEqual(['qty:input:', 'qty:change:']);
});

test('18. contenteditable: plain text goes in; an editor that handles beforeinput; one that refuses', async ({
  page,
}) => {
  await page.goto(server.url('/agent/editable.html'));
  const agent = await agentOn(page);
  const type = (name: string, text: string) =>
    agent.act({ operation: 'type', role: 'textbox', name, text, generation: 1 });

  expect(await type('Plain editor', 'New text')).toMatchObject({ found: true, typed: true });
  await expect(page.locator('#plain')).toHaveText('New text');
  expect(await type('Plain editor', '')).toMatchObject({ found: true, typed: true });
  await expect(page.locator('#plain')).toHaveText('');

  const handled = await type('Handling editor', 'hello');
  expect(handled).toMatchObject({ found: true, typed: true, detail: 'editor-handled' });
  await expect(page.locator('#handled')).toHaveText('«hello»');

  const refused = await type('Refusing editor', 'nope');
  expect(refused).toMatchObject({ found: true, typed: false, reason: 'rejected-value' });
  await expect(page.locator('#refusing')).toHaveText('Kept');
  const inputs = await page.evaluate(() => (window as unknown as { inputs: string[] }).inputs);
  expect(inputs.filter((id) => id !== 'plain')).toEqual([]);
  expect(inputs.length).toBeGreaterThan(0);
});

test('19. readonly, not-editable, a missing text refused, and "" clears', async ({ page }) => {
  await page.goto(server.url('/agent/fields.html'));
  const agent = await agentOn(page);
  const act = (role: string, name: string, text?: string) =>
    agent.act({ operation: 'type', role, name, text, generation: 1 });

  expect(await act('textbox', 'Code', 'XYZ')).toMatchObject({
    found: true,
    typed: false,
    reason: 'readonly',
  });
  expect(await valueOf(page, '#code')).toBe('ABC');
  expect(await act('checkbox', 'Agree', 'yes')).toMatchObject({
    found: true,
    typed: false,
    reason: 'not-editable',
  });
  expect(await act('button', 'Go', 'yes')).toMatchObject({
    found: true,
    typed: false,
    reason: 'not-editable',
  });
  expect(await act('textbox', 'Title')).toHaveProperty('error');
  expect(await valueOf(page, '#title')).toBe('Old title');
  expect(await events(page)).toEqual([]);

  expect(await act('textbox', 'Title', '')).toMatchObject({ found: true, typed: true });
  expect(await valueOf(page, '#title')).toBe('');
  expect(await act('textbox', 'Notes', 'Line one\nLine two')).toMatchObject({ typed: true });
  expect(await valueOf(page, '#notes')).toBe('Line one\nLine two');
  expect(await act('textbox', 'Title', 'One\nTwo')).toMatchObject({
    typed: false,
    reason: 'rejected-value',
  });
  expect(await events(page)).toEqual([
    'title:input:',
    'title:change:',
    'notes:input:',
    'notes:change:',
  ]);
});

test('scroll: to a ref, or by dy; exactly one of them', async ({ page }) => {
  await page.goto(server.url('/agent/many.html'));
  const agent = await agentOn(page);
  const scrollY = () => page.evaluate(() => window.scrollY);
  expect(await agent.act({ operation: 'scroll', dy: 400, generation: 1 })).toMatchObject({
    found: true,
    scrolled: true,
  });
  expect(await scrollY()).toBe(400);
  expect(await agent.act({ operation: 'scroll', dy: -10000, generation: 1 })).toMatchObject({
    scrolled: true,
  });
  expect(await scrollY()).toBe(0);
  expect(await agent.act({ operation: 'scroll', dy: -10, generation: 1 })).toMatchObject({
    scrolled: false,
    detail: 'at-edge',
  });
  const result = await agent.act({
    operation: 'scroll',
    role: 'button',
    name: 'Button 2400',
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, scrolled: true, matchedTotal: 1 });
  expect(await page.getByRole('button', { name: 'Button 2400', exact: true }).isVisible()).toBe(
    true,
  );
  expect(await scrollY()).toBeGreaterThan(1000);
  expect(await agent.act({ operation: 'scroll', ref: 'e1', dy: 5, generation: 1 })).toHaveProperty(
    'error',
  );
  expect(await agent.act({ operation: 'scroll', generation: 1 })).toHaveProperty('error');
});

test('key: synthetic key events to a target or to the focused element, with modifiers', async ({
  page,
}) => {
  await page.goto(server.url('/agent/fields.html'));
  const agent = await agentOn(page);
  const result = await agent.act({
    operation: 'key',
    key: 'Enter',
    role: 'textbox',
    name: 'Title',
    generation: 1,
  });
  expect(result).toMatchObject({ found: true, pressed: true, matchedTotal: 1, matchedVisible: 1 });
  expect(await events(page)).toEqual([
    'title:keydown:Enter',
    'title:keypress:Enter',
    'title:keyup:Enter',
  ]);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('title');

  await page.evaluate(() => {
    document.getElementById('title')?.addEventListener('keydown', (e) => {
      if (e.ctrlKey && e.key === 'a') e.preventDefault();
      (window as unknown as { events: string[] }).events.push(
        `ctrl=${e.ctrlKey} trusted=${e.isTrusted}`,
      );
    });
  });
  const withCtrl = await agent.act({
    operation: 'key',
    key: 'a',
    modifiers: { ctrl: true },
    generation: 1,
  });
  expect(withCtrl).toMatchObject({ found: true, pressed: true, detail: 'default-prevented' });
  expect(await events(page)).toEqual([
    'title:keydown:a',
    'ctrl=true trusted=false',
    'title:keyup:a',
  ]);

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(await agent.act({ operation: 'key', key: 'Escape', generation: 1 })).toMatchObject({
    pressed: true,
  });
  expect(await events(page)).toEqual(['body:keydown:Escape']);
  expect(await agent.act({ operation: 'key', key: '', generation: 1 })).toHaveProperty('error');
  expect(
    await agent.act({
      operation: 'key',
      key: 'Enter',
      role: 'textbox',
      name: 'Code',
      generation: 1,
    }),
  ).toMatchObject({
    pressed: true,
  });
});
