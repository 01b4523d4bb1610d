/**
 * The in-page agent's type, scroll, key and hover with the driver's half (the browser's own
 * keyboard and mouse), without hub or MCP. Numbers refer to the conformance list (type).
 */
import { expect, test, type Page } from '@playwright/test';
import { actAsDriver, agentOn } from './support/agent';
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

/** Watches the page's key and input events for whether the browser made them (isTrusted). */
async function watchTrust(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { trust: string[] }).trust = seen;
    for (const type of ['keydown', 'beforeinput', 'input', 'keyup', 'change']) {
      window.addEventListener(type, (e) => seen.push(`${type}:${e.isTrusted}`), true);
    }
  });
}

function untrusted(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { trust: string[] }).trust.filter((e) => e.endsWith(':false')),
  );
}

test('15. a select takes an option by label or by value through the keyboard, and refuses a missing option', async ({
  page,
}) => {
  await page.goto(server.url('/agent/select.html'));
  const agent = await agentOn(page);
  await watchTrust(page);
  const type = (text: string) =>
    actAsDriver(page, agent, {
      operation: 'type',
      role: 'combobox',
      name: 'Country',
      text,
      generation: 1,
    });

  expect(await type('France')).toEqual({
    found: true,
    typed: true,
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
  });
  expect(await valueOf(page, '#country')).toBe('fr');
  expect(await events(page)).toEqual(['input:fr', 'change:fr']);

  expect(await type('it')).toMatchObject({ found: true, typed: true });
  expect(await valueOf(page, '#country')).toBe('it');
  // Two steps down: each option the keys pass is chosen on the way, as for a person.
  expect((await events(page)).at(-1)).toBe('change:it');
  expect(await type('Japan')).toMatchObject({ typed: true });
  expect(await valueOf(page, '#country')).toBe('jp');
  expect(await untrusted(page)).toEqual([]);
  await events(page);

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

  const result = await actAsDriver(page, agent, {
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
});

test('17. letters into a number field: rejected-value before any key, the prior value kept', async ({
  page,
}) => {
  await page.goto(server.url('/agent/fields.html'));
  const agent = await agentOn(page);
  const type = (text: string) =>
    actAsDriver(page, agent, {
      operation: 'type',
      role: 'spinbutton',
      name: 'Quantity',
      text,
      generation: 1,
    });
  expect(await type('abc')).toEqual({
    found: true,
    typed: false,
    reason: 'rejected-value',
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
  });
  expect(await valueOf(page, '#qty')).toBe('3');
  expect(await events(page)).toEqual([]);
  expect(await type('12')).toMatchObject({ typed: true });
  expect(await valueOf(page, '#qty')).toBe('12');
  // Key by key, as a keyboard types: the digits replace the selected old value.
  expect(await events(page)).toEqual([
    'qty:keydown:1',
    'qty:keypress:1',
    'qty:beforeinput:',
    'qty:input:',
    'qty:keyup:1',
    'qty:keydown:2',
    'qty:keypress:2',
    'qty:beforeinput:',
    'qty:input:',
    'qty:keyup:2',
  ]);
});

test('18. contenteditable: keys go in as from a keyboard; an editor that handles beforeinput; one that refuses', async ({
  page,
}) => {
  await page.goto(server.url('/agent/editable.html'));
  const agent = await agentOn(page);
  await watchTrust(page);
  const type = (name: string, text: string) =>
    actAsDriver(page, agent, { operation: 'type', role: 'textbox', name, text, generation: 1 });

  expect(await type('Plain editor', 'New text')).toMatchObject({ found: true, typed: true });
  await expect(page.locator('#plain')).toHaveText('New text');
  expect(await type('Plain editor', '')).toMatchObject({ found: true, typed: true });
  await expect(page.locator('#plain')).toHaveText('');

  // The editor handles each key's beforeinput itself, as editors do.
  expect(await type('Handling editor', 'hello')).toMatchObject({ found: true, typed: true });
  await expect(page.locator('#handled')).toHaveText('«o»');

  const refused = await type('Refusing editor', 'nope');
  expect(refused).toMatchObject({
    found: true,
    typed: false,
    reason: 'rejected-value',
    detail: 'editor-cancelled',
  });
  await expect(page.locator('#refusing')).toHaveText('Kept');
  const inputs = await page.evaluate(() => (window as unknown as { inputs: string[] }).inputs);
  expect(inputs.filter((id) => id !== 'plain')).toEqual([]);
  expect(inputs.length).toBeGreaterThan(0);
  expect(await untrusted(page)).toEqual([]);
});

test('19. readonly, not-editable, a missing text refused; "" clears; a newline only where it fits', async ({
  page,
}) => {
  await page.goto(server.url('/agent/fields.html'));
  const agent = await agentOn(page);
  const act = (role: string, name: string, text?: string) =>
    actAsDriver(page, agent, { operation: 'type', role, name, text, generation: 1 });

  expect(await act('textbox', 'Code', 'XYZ')).toMatchObject({
    found: true,
    typed: false,
    reason: 'readonly',
  });
  expect(await valueOf(page, '#code')).toBe('ABC');
  expect(await act('checkbox', 'Agree', 'yes')).toMatchObject({ reason: 'not-editable' });
  expect(await act('button', 'Go', 'yes')).toMatchObject({ reason: 'not-editable' });
  await expect(act('textbox', 'Title')).rejects.toThrow(/text/);
  expect(await valueOf(page, '#title')).toBe('Old title');
  expect(await events(page)).toEqual([]);

  expect(await act('textbox', 'Title', '')).toMatchObject({ found: true, typed: true });
  expect(await valueOf(page, '#title')).toBe('');
  expect(await events(page)).toEqual([
    'title:keydown:Delete',
    'title:beforeinput:',
    'title:input:',
    'title:keyup:Delete',
  ]);
  expect(await act('textbox', 'Notes', 'Line one\nLine two')).toMatchObject({ typed: true });
  expect(await valueOf(page, '#notes')).toBe('Line one\nLine two');
  await events(page);
  expect(await act('textbox', 'Title', 'One\nTwo')).toMatchObject({
    typed: false,
    reason: 'rejected-value',
  });
  expect(await events(page)).toEqual([]);
  expect(await valueOf(page, '#title')).toBe('');
});

test('scroll: to a ref, or by dy with the mouse wheel; exactly one of them', async ({ page }) => {
  await page.goto(server.url('/agent/many.html'));
  const agent = await agentOn(page);
  const scrollY = () => page.evaluate(() => window.scrollY);
  const wheel = (dy: number) =>
    actAsDriver(page, agent, { operation: 'scroll', dy, generation: 1 });
  expect(await wheel(400)).toMatchObject({ found: true, scrolled: true });
  expect(await scrollY()).toBe(400);
  expect(await wheel(-10000)).toMatchObject({ scrolled: true });
  expect(await scrollY()).toBe(0);
  expect(await wheel(-10)).toMatchObject({ scrolled: false, detail: 'at-edge' });
  const result = await actAsDriver(page, agent, {
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

test('key: trusted keys to a target or to the focused element, with modifiers and their default actions', async ({
  page,
}) => {
  await page.goto(server.url('/agent/fields.html'));
  const agent = await agentOn(page);
  const result = await actAsDriver(
    page,
    agent,
    { operation: 'key', role: 'textbox', name: 'Title', generation: 1 },
    { key: 'Enter' },
  );
  expect(result).toMatchObject({ found: true, pressed: true, matchedTotal: 1, matchedVisible: 1 });
  expect(await events(page)).toEqual([
    'title:keydown:Enter',
    'title:keypress:Enter',
    'title:beforeinput:',
    'title:keyup:Enter',
  ]);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('title');

  await page.evaluate(() => {
    document.getElementById('title')?.addEventListener('keydown', (e) => {
      (window as unknown as { events: string[] }).events.push(
        `ctrl=${e.ctrlKey} trusted=${e.isTrusted}`,
      );
    });
  });
  // Ctrl+A selects the field's text: the browser's own default action of a trusted chord.
  await actAsDriver(
    page,
    agent,
    { operation: 'key', generation: 1 },
    {
      key: 'a',
      modifiers: { ctrl: true },
    },
  );
  // The modifier is pressed and released around the key, as on a keyboard.
  expect(await events(page)).toEqual([
    'title:keydown:Control',
    'ctrl=true trusted=true',
    'title:keydown:a',
    'ctrl=true trusted=true',
    'title:keyup:a',
    'title:keyup:Control',
  ]);
  const selected = await page.evaluate(() => {
    const el = document.getElementById('title') as HTMLInputElement;
    return [el.selectionStart, el.selectionEnd, el.value.length];
  });
  expect(selected).toEqual([0, 9, 9]);

  // Tab moves the focus on, as only a trusted Tab does.
  await actAsDriver(page, agent, { operation: 'key', generation: 1 }, { key: 'Tab' });
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('notes');
  await events(page);

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(
    await actAsDriver(page, agent, { operation: 'key', generation: 1 }, { key: 'Escape' }),
  ).toMatchObject({ pressed: true });
  expect(await events(page)).toEqual(['body:keydown:Escape']);
});
