import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, readOpfs, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

const CI = [
  '# Build and test on every push',
  'name:   "CI"   # the name shown in the Actions tab',
  'on:',
  '  push:',
  "    branches: [ main, 'release/**' ]",
  'env: &common',
  '  NODE_ENV: test',
  'jobs:',
  '  lint:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '  build:',
  '    runs-on: ubuntu-22.04   # pinned for now',
  '    env: *common',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - uses: actions/setup-node@v4',
  '        with:',
  "          node-version: '20'",
  '      - run: npm test',
  '',
].join('\n');

const PATH = '.github/workflows/ci.yml';

/** actionlint reports the alias (`env: *common`) as a syntax problem: the clean variant drops it. */
const CLEAN = CI.replace('    env: *common\n', '');

async function openWorkflow(page: Page, text = CI) {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  await writeOpfs(page, PATH, text);
  client = await connectClient('Workflow Test');
  const opened = await call(client, 'workspace', { action: 'open', filePath: `/notes/${PATH}` });
  expect(opened.isError).toBe(false);
  return opened.data.tabId as string;
}

test('apply_patch edits only the patched lines, keeps comments and anchors, leaves the tab unsaved', async ({
  page,
}) => {
  const tabId = await openWorkflow(page);
  const read = await call(client, 'document', { action: 'read', tabId });
  expect(read.data).toMatchObject({ kind: 'yaml-workflow', content: CI });
  // Saving with no edit writes the same bytes back.
  const saved = await call(client, 'workspace', { action: 'save', tabId });
  expect(saved.isError).toBe(false);
  expect((await readOpfs(page, PATH))?.toString()).toBe(CI);
  const patched = await call(client, 'workflow', {
    action: 'apply_patch',
    tabId,
    expected_revision: read.data.revision,
    patches: [
      { kind: 'workflow.set', path: 'name', value: 'Continuous integration' },
      { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'ubuntu-24.04' },
      { kind: 'with.set', jobId: 'build', stepIndex: 1, key: 'node-version', value: '22' },
      { kind: 'needs.add', jobId: 'build', ref: 'lint' },
    ],
  });
  expect(patched.isError).toBe(false);
  expect(patched.data.revision).not.toBe(read.data.revision);
  const after = (await call(client, 'document', { action: 'read', tabId })).data.content as string;
  const before = CI.split('\n');
  const lines = after.split('\n');
  expect(lines[1]).toBe('name:   "Continuous integration"   # the name shown in the Actions tab');
  expect(lines).toContain('    runs-on: ubuntu-24.04   # pinned for now');
  expect(lines).toContain("          node-version: '22'");
  expect(lines.filter((l) => /needs/.test(l))).toHaveLength(1);
  // Every other line is byte for byte what it was, comments, anchor and alias included.
  const untouched = before.filter((l) => !/^name:|ubuntu-22\.04|node-version/.test(l));
  for (const line of untouched) expect(lines).toContain(line);
  expect(lines).toHaveLength(before.length + 1);

  const state = await call(client, 'session', { action: 'get_state' });
  const tab = (state.data.windows as { tabs: { id: string; dirty: boolean }[] }[])[0].tabs.find(
    (t) => t.id === tabId,
  );
  expect(tab?.dirty).toBe(true);
  expect((await readOpfs(page, PATH))?.toString()).toBe(CI);

  // Applying the same batch again changes nothing and keeps the revision.
  const again = await call(client, 'workflow', {
    action: 'apply_patch',
    tabId,
    patches: [
      { kind: 'workflow.set', path: 'name', value: 'Continuous integration' },
      { kind: 'needs.add', jobId: 'build', ref: 'lint' },
    ],
  });
  expect(again.data).toEqual({ revision: patched.data.revision });
});

test('refusals: INVALID_PATCH names the patch, nothing applies; NOT_WORKFLOW; STALE after typing', async ({
  page,
}) => {
  const tabId = await openWorkflow(page);
  await writeOpfs(page, 'note.md', '# Note\n');
  const first = await call(client, 'document', { action: 'read', tabId });
  const bad = await call(client, 'workflow', {
    action: 'apply_patch',
    tabId,
    patches: [
      { kind: 'workflow.set', path: 'name', value: 'Renamed' },
      { kind: 'job.set', jobId: 'deploy', path: 'runs-on', value: 'ubuntu-latest' },
    ],
  });
  expect(bad.isError).toBe(true);
  expect(bad.data).toMatchObject({ error: 'INVALID_PATCH', index: 1 });
  expect(bad.data.message).toContain('patch 1');
  expect(bad.data.message).toContain('deploy');
  const unknownKind = await call(client, 'workflow', {
    action: 'apply_patch',
    tabId,
    patches: [{ kind: 'job.create', jobId: 'x' }],
  });
  expect(unknownKind.data).toMatchObject({ error: 'INVALID_PATCH' });
  const notArray = await call(client, 'workflow', { action: 'apply_patch', tabId, patches: {} });
  expect(notArray.data).toMatchObject({ error: 'INVALID_PATCH' });
  const unchanged = await call(client, 'document', { action: 'read', tabId });
  expect(unchanged.data).toMatchObject({ content: CI, revision: first.data.revision });

  const note = await call(client, 'workspace', { action: 'open', filePath: '/notes/note.md' });
  // Each with only what the action takes (validate takes no patches: that alone is refused).
  for (const [action, extra] of [
    ['apply_patch', { patches: [] }],
    ['validate', {}],
  ] as const) {
    const r = await call(client, 'workflow', { action, tabId: note.data.tabId, ...extra });
    expect(r.data, r.text).toMatchObject({ error: 'NOT_WORKFLOW' });
  }

  await call(client, 'workspace', { action: 'switch_tab', tabId });
  await activeDocument(page).locator('.cm-line').nth(2).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  const stale = await call(client, 'workflow', {
    action: 'apply_patch',
    tabId,
    expected_revision: first.data.revision,
    patches: [{ kind: 'workflow.set', path: 'name', value: 'Late' }],
  });
  expect(stale.data).toMatchObject({ error: 'STALE', current_revision: expect.any(String) });
  expect(stale.data.current_revision).not.toBe(first.data.revision);
});

test('validate runs actionlint in the app and says which checks the browser cannot run', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const broken = CLEAN.replace('ubuntu-latest', 'ubuntu-lastest').replace(
    'npm test',
    'echo ${{ github.nope }}',
  );
  const tabId = await openWorkflow(page, broken);
  const r = await call(client, 'workflow', { action: 'validate', tabId });
  expect(r.isError, r.text).toBe(false);
  expect(r.data).toMatchObject({ ok: false, binaryAvailable: true });
  const diagnostics = r.data.diagnostics as { line: number; kind: string; message: string }[];
  expect(diagnostics).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ line: 10, kind: 'runner-label' }),
      expect.objectContaining({ line: 20, kind: 'expression' }),
    ]),
  );
  expect(r.data.unavailableChecks).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'shellcheck' })]),
  );
  const clean = await call(client, 'document', {
    action: 'write',
    tabId,
    content: CLEAN,
    save: false,
  });
  expect(clean.isError).toBe(false);
  const ok = await call(client, 'workflow', { action: 'validate', tabId });
  expect(ok.data).toMatchObject({ ok: true, diagnostics: [] });
});

test('the person sees problems as they type, and a click on one moves the cursor there', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const tabId = await openWorkflow(page, CLEAN);
  await call(client, 'workspace', { action: 'switch_tab', tabId });
  const doc = activeDocument(page);
  await expect(doc).toHaveAttribute('data-mode', 'source');
  const panel = doc.getByTestId('problems-panel');
  await expect(doc.getByTestId('problems-empty')).toBeVisible({ timeout: 20_000 });
  // Break the runner label of the first job by typing.
  await doc.locator('.cm-line').nth(9).click();
  await page.keyboard.press('End');
  await page.keyboard.type('-nope');
  await expect(panel.getByTestId('problem-entry').first()).toBeVisible({ timeout: 20_000 });
  await expect(doc.getByTestId('problems-count')).toHaveText(/1/);
  await expect(doc.locator('.cm-line:has(.cm-lintRange-error)')).toHaveCount(1);
  const entry = panel.getByTestId('problem-entry').first();
  await expect(entry).toHaveAttribute('data-line', '10');
  await doc.locator('.cm-line').first().click();
  await entry.click();
  await expect(doc.locator('.cm-activeLine')).toHaveText('    runs-on: ubuntu-latest-nope');
});
