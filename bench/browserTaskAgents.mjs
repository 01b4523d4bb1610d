// The scripted agents of the browser tasks (bench/browserTasks.mjs): one drives our tools, one
// @playwright/mcp, each as a competent model would with its tool set, and each counts its calls and
// the bytes the model reads of every answer.
import { textOf } from './browser.mjs';

/** UTF-8 bytes the model reads of one tool result, in the two client families (SPEC §2). */
export function bytesRead(result) {
  const text = (result.content ?? [])
    .filter((c) => c.type === 'text')
    .reduce((n, c) => n + Buffer.byteLength(c.text), 0);
  const structured = result.structuredContent;
  return {
    // Claude Code, VS Code, Codex: the JSON of structuredContent when present, else the text.
    code: structured ? Buffer.byteLength(JSON.stringify(structured)) : text,
    // Claude Desktop: the text blocks.
    desktop: text,
  };
}

/**
 * Our read answer as nodes {ref, role, name}: the `page` string (one line a node,
 * `e12 button: Publish [checked]`, refs in frames `f1e5`) when present, else the `snapshot` list.
 */
export function oursNodes(data) {
  if (typeof data?.page === 'string') {
    const nodes = [];
    for (const line of data.page.split('\n')) {
      const m = /^\s*((?:f\d+)?e\d+) ([\w-]+)(?::\s?(.*?))?((?: \[[^\]]*\])*)\s*$/.exec(line);
      if (m) nodes.push({ ref: m[1], role: m[2], name: m[3] ?? '' });
    }
    return nodes;
  }
  return Array.isArray(data?.snapshot)
    ? data.snapshot.map((n) => ({ ref: n.ref, role: n.role, name: n.name ?? '' }))
    : [];
}

/** The peer's snapshot YAML as nodes {ref, role, name}: `- button "Publish" [ref=e5]`. */
export function peerNodes(text) {
  const nodes = [];
  const re = /^\s*- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?(?: \[(?!ref=)[^\]]*\])* \[ref=(\w+)\]/gm;
  for (const m of text.matchAll(re)) {
    let name = m[2] ?? '';
    try {
      name = JSON.parse(`"${name}"`);
    } catch {
      /* keep it as written */
    }
    nodes.push({ ref: m[3], role: m[1], name });
  }
  return nodes;
}

/** The node a step names: its role (one of them) and exact name; else the name alone. */
function find(nodes, step) {
  const roles = [step.role].flat();
  return (
    nodes.find((n) => roles.includes(n.role) && n.name === step.name) ??
    nodes.find((n) => n.name === step.name)
  );
}

const gist = (text) =>
  text
    .replace(/^### Error\s*/m, '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 200) ?? '';

/** Answers the app's browser prompt as a person does: "Allow on this site" when offered. */
async function allow(app) {
  const card = app.locator('[data-approval-kind="browser"][data-armed="true"]');
  await card.waitFor({ timeout: 15_000 });
  const site = card.getByRole('button', { name: 'Allow on this site', exact: true });
  const button = (await site.count())
    ? site
    : card.getByRole('button', { name: 'Allow once', exact: true });
  const answer = await button.textContent();
  await button.click();
  await app.locator('[data-approval-kind="browser"]').waitFor({ state: 'detached' });
  return answer.trim();
}

/** A fresh tally for one agent on one task. */
const tally = () => ({
  calls: 0,
  retries: 0,
  code: 0,
  desktop: 0,
  error: null,
  unseen: [],
  notes: [],
});

/**
 * Our agent. `tool` counts every call and its bytes; an APPROVAL_REQUIRED answer is answered in
 * the app ("Allow on this site" at the first prompt of each operation on each origin, so later
 * calls there pass) and
 * the same call is made again, which counts as a call too (`retries`).
 */
export function oursAgent(ours, app, grants) {
  let opened = false;
  let t = tally();
  let last = null;
  const tool = async (name, args) => {
    for (let attempt = 0; ; attempt++) {
      const r = await ours.call(name, args);
      const b = bytesRead(r.result);
      t.calls++;
      t.code += b.code;
      t.desktop += b.desktop;
      if (attempt > 0) t.retries++;
      if (r.result.structuredContent?.needsApproval === true && attempt < 2) {
        const what = `${args.operation ?? args.action}`;
        grants.push(`${what}: ${await allow(app)}`);
        continue;
      }
      return r;
    }
  };
  const failure = (r) => {
    const data = r.result.structuredContent ?? {};
    if (r.result.isError)
      return `${data.error ? `${data.error}: ` : ''}${gist(data.message ?? textOf(r.result))}`;
    if (data.found === false) return 'found: false';
    if (data.reason) return `reason: ${data.reason}${data.detail ? ` (${data.detail})` : ''}`;
    return null;
  };
  return {
    who: 'ours',
    start() {
      t = tally();
      last = null;
      return t;
    },
    async open(url) {
      const args = opened ? { action: 'navigate', url } : { action: 'open', url };
      let r = await tool('browser', args);
      // The page of the last task may still be loading what its last act started (a form's
      // answer): a model told that its navigation was replaced tries once more.
      if (r.result.structuredContent?.error === 'NAVIGATION_SUPERSEDED') {
        t.notes.push('navigate made again after NAVIGATION_SUPERSEDED');
        r = await tool('browser', args);
      }
      opened ||= !r.result.isError;
      return failure(r);
    },
    async look() {
      const r = await tool('browser_read', { action: 'read' });
      return { nodes: oursNodes(r.result.structuredContent), error: failure(r), ms: r.ms };
    },
    /**
     * Acts on `node` or, not found, on the step's role and name: by role and name either way, as
     * the tool's description says to without a standing grant (frames' nodes included).
     */
    async act(step, node) {
      const target = !node
        ? { role: [step.role].flat()[0], name: step.name }
        : { role: node.role, name: node.name };
      let args;
      if (step.op === 'type')
        args = {
          operation: 'type',
          ...target,
          text: step.text,
          ...(step.submit && { submit: true }),
        };
      else if (step.op === 'select') args = { operation: 'type', ...target, text: step.value };
      else if (step.op === 'hover') args = { operation: 'hover', ...target };
      else if (step.op === 'dialog') {
        if (!last?.dialog) return `the click answered no dialog (${t.lastAnswer})`;
        args = { operation: 'dialog', accept: step.accept };
      } else args = { operation: 'click', ...target };
      const r = await tool('browser', { action: 'act', ...args });
      last = r.result.structuredContent;
      const keep = ['found', 'typed', 'clicked', 'reason', 'detail', 'dialog'];
      t.lastAnswer = JSON.stringify(
        Object.fromEntries(Object.entries(last ?? {}).filter(([k]) => keep.includes(k))),
      );
      return failure(r);
    },
    needsTarget: (step) => step.op !== 'dialog',
    canActUnseen: true,
  };
}

/** The peer's agent: browser_snapshot refs; fields filled together go in one browser_fill_form. */
export function peerAgent(peer) {
  let t = tally();
  let last = '';
  const tool = async (name, args) => {
    const r = await peer.call(name, args);
    const b = bytesRead(r.result);
    t.calls++;
    t.code += b.code;
    t.desktop += b.desktop;
    last = textOf(r.result);
    return r;
  };
  const failure = (r) => (r.result.isError ? gist(textOf(r.result)) : null);
  const FIELD = { type: 'textbox', select: 'combobox' };
  return {
    who: 'peer',
    start() {
      t = tally();
      last = '';
      return t;
    },
    async open(url) {
      return failure(await tool('browser_navigate', { url }));
    },
    async look() {
      const r = await tool('browser_snapshot', {});
      return { nodes: peerNodes(textOf(r.result)), error: failure(r), ms: r.ms };
    },
    async act(step, node) {
      const element = step.name;
      const target = node?.ref;
      if (step.op === 'type')
        return failure(
          await tool('browser_type', {
            element,
            target,
            text: step.text,
            ...(step.submit && { submit: true }),
            ...(step.slowly && { slowly: true }),
          }),
        );
      if (step.op === 'select')
        return failure(
          await tool('browser_select_option', { element, target, values: [step.value] }),
        );
      if (step.op === 'hover') return failure(await tool('browser_hover', { element, target }));
      if (step.op === 'dialog') {
        if (!last.includes('### Modal state')) return 'the click answered no dialog';
        return failure(await tool('browser_handle_dialog', { accept: step.accept }));
      }
      return failure(await tool('browser_click', { element, target }));
    },
    /** Several fields in a row, each on the page already seen: one browser_fill_form. */
    async fill(pairs) {
      const fields = pairs.map(([step, node]) => ({
        target: node.ref,
        name: step.name,
        type: FIELD[step.op] ?? [step.role].flat()[0],
        value: step.op === 'check' ? 'true' : (step.text ?? step.value),
      }));
      return failure(await tool('browser_fill_form', { fields }));
    },
    needsTarget: (step) => step.op !== 'dialog',
    canActUnseen: false,
  };
}

/** A step the peer's browser_fill_form can take: plain text, a select, a box to tick. */
const fillable = (step) =>
  !step.fresh &&
  ((step.op === 'type' && !step.submit && !step.slowly) ||
    step.op === 'select' ||
    step.op === 'check');

/** One agent on one task: open, look, then the steps; answers the tally (with the first look). */
export async function runTask(agent, task, url) {
  const t = agent.start();
  const fail = (error) => {
    t.error ??= error;
    return t;
  };
  let error = await agent.open(url);
  if (error) return fail(`open: ${error}`);
  let seen = await agent.look();
  t.firstLook = seen.ms;
  if (seen.error) return fail(`read: ${seen.error}`);
  const steps = task.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step.fresh) seen = await agent.look();
    let node = agent.needsTarget(step) ? find(seen.nodes, step) : null;
    if (agent.needsTarget(step) && !node && agent.canActUnseen) t.unseen.push(step.name);
    if (agent.needsTarget(step) && !node && !agent.canActUnseen) {
      seen = await agent.look();
      node = find(seen.nodes, step);
      if (!node) return fail(`${step.op} ${step.name}: not in the snapshot`);
    }
    if (agent.fill && fillable(step) && i + 1 < steps.length && fillable(steps[i + 1])) {
      const pairs = [[step, node]];
      while (i + 1 < steps.length && fillable(steps[i + 1])) {
        const next = steps[++i];
        const found = find(seen.nodes, next);
        if (!found) return fail(`${next.op} ${next.name}: not in the snapshot`);
        pairs.push([next, found]);
      }
      error = await agent.fill(pairs);
    } else error = await agent.act(step, node);
    if (error) return fail(`${step.op}${step.name ? ` ${step.name}` : ''}: ${error}`);
  }
  return t;
}
