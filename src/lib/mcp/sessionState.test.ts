import { describe, expect, it } from 'vitest';
import { MAX_RESULT_BYTES } from './envelopes';
import { jsonBytes } from './listCut';
import {
  MCP_PROTOCOL_VERSION,
  stateAnswer,
  tabEntry,
  type StateAnswer,
  type StateFacts,
  type TabFacts,
  type WindowFacts,
} from './sessionState';

function tab(n: number, over: Partial<TabFacts> = {}): TabFacts {
  return {
    id: `tab-${n}`,
    filePath: `/notes/drafts/chapter-${n}.md`,
    title: `chapter-${n}.md`,
    dirty: false,
    revision: `rev-${String(n).padStart(8, 'A')}`,
    kind: 'markdown',
    active: false,
    visible: true,
    readOnly: false,
    ...over,
  };
}

function windowOf(label: string, tabs: TabFacts[], over: Partial<WindowFacts> = {}): WindowFacts {
  return { label, focused: label === 'main', activeWorkspaceInstanceId: null, tabs, ...over };
}

function facts(...windows: WindowFacts[]): StateFacts {
  return {
    windows,
    workspaces: [{ root: '/notes', name: 'Notes', access: 'granted' }],
    version: '0.1.0',
  };
}

function tabs(count: number, from = 1): TabFacts[] {
  return Array.from({ length: count }, (_, i) => tab(from + i));
}

function answerOf(...args: Parameters<typeof stateAnswer>): StateAnswer {
  const r = stateAnswer(...args);
  if (!r.ok) throw new Error(r.message);
  return r.answer;
}

const allIds = (answer: StateAnswer) => answer.windows.flatMap((w) => w.tabs.map((t) => t.id));

describe('tabEntry', () => {
  it('has the fields the seeds name, in their order, for a file tab and an untitled one', () => {
    const entry = tabEntry(
      tab(3, { filePath: null, title: 'Untitled-1', dirty: true, active: true }),
    );
    expect(Object.keys(tabEntry(tab(4)))).toEqual(Object.keys(entry));
    expect(Object.keys(entry)).toEqual([
      'id',
      'filePath',
      'title',
      'dirty',
      'revision',
      'kind',
      'active',
      'visible',
    ]);
    expect(entry).toMatchObject({ filePath: null, title: 'Untitled-1', dirty: true });
  });

  it("sends every tab's title as the seeds show it: a file's name without its extension", () => {
    expect(tabEntry(tab(12)).title).toBe('chapter-12');
    expect(
      tabEntry(tab(1, { filePath: '/repo/.github/workflows/ci.yml', title: 'ci.yml' })).title,
    ).toBe('ci');
    expect(tabEntry(tab(1, { filePath: '/notes/README.en.md', title: 'README.en.md' })).title).toBe(
      'README.en',
    );
    expect(tabEntry(tab(1, { filePath: '/notes/.hidden.md', title: '.hidden.md' })).title).toBe(
      '.hidden',
    );
    expect(tabEntry(tab(1, { filePath: null, title: 'Untitled-3' })).title).toBe('Untitled-3');
  });

  it('sends readOnly only when true', () => {
    expect(tabEntry(tab(1))).not.toHaveProperty('readOnly');
    expect(tabEntry(tab(1, { readOnly: true })).readOnly).toBe(true);
  });

  it('takes at most 170 bytes of compact JSON for a realistic tab, title included', () => {
    const list = tabs(400).map(tabEntry);
    const perTab = (jsonBytes(list) - jsonBytes([])) / list.length;
    expect(perTab).toBeLessThanOrEqual(170);
  });
});

describe('stateAnswer', () => {
  it('answers windows, workspaces and capabilities as the seeds promise', () => {
    const answer = answerOf(facts(windowOf('main', [tab(1, { active: true })])));
    expect(answer).toEqual({
      windows: [
        {
          label: 'main',
          focused: true,
          activeWorkspaceInstanceId: null,
          tabs: [tabEntry(tab(1, { active: true }))],
        },
      ],
      workspaces: [{ root: '/notes', name: 'Notes', access: 'granted' }],
      capabilities: {
        version: '0.1.0',
        supportedKinds: ['markdown', 'yaml-workflow'],
        mcpProtocol: MCP_PROTOCOL_VERSION,
      },
    });
    expect(MCP_PROTOCOL_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('lists only the window named by windowLabel', () => {
    const answer = answerOf(facts(windowOf('main', tabs(2)), windowOf('doc-2', tabs(1, 3))), {
      windowLabel: 'doc-2',
    });
    expect(answer.windows.map((w) => w.label)).toEqual(['doc-2']);
    expect(allIds(answer)).toEqual(['tab-3']);
  });

  it('refuses an unknown windowLabel, naming the open windows', () => {
    const r = stateAnswer(facts(windowOf('main', [])), { windowLabel: 'doc-9' });
    expect(r).toEqual({
      ok: false,
      problem: 'window',
      message: 'Unknown windowLabel: doc-9 (open windows: main).',
    });
  });

  it('refuses tabOffset without windowLabel as an argument mistake', () => {
    const r = stateAnswer(facts(windowOf('main', tabs(3))), { tabOffset: 1 });
    expect(r).toMatchObject({ ok: false, problem: 'argument' });
    expect(!r.ok && r.message).toContain('windowLabel');
  });

  it('lists tabs from tabOffset on, with tabsTotal', () => {
    const answer = answerOf(facts(windowOf('main', tabs(5))), {
      windowLabel: 'main',
      tabOffset: 3,
    });
    expect(allIds(answer)).toEqual(['tab-4', 'tab-5']);
    expect(answer.windows[0]).toMatchObject({ tabsTotal: 5 });
    expect(answer.windows[0]).not.toHaveProperty('nextTabOffset');
    expect(answer).not.toHaveProperty('truncated');
  });

  it('answers an offset past the end with no tabs', () => {
    const answer = answerOf(facts(windowOf('main', tabs(2))), {
      windowLabel: 'main',
      tabOffset: 9,
    });
    expect(answer.windows[0]).toMatchObject({ tabs: [], tabsTotal: 2 });
    expect(answer).not.toHaveProperty('truncated');
  });

  it('is not cut, and carries no paging fields, when everything fits', () => {
    const answer = answerOf(facts(windowOf('main', tabs(400))));
    expect(jsonBytes(answer)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(answer.windows[0].tabs).toHaveLength(400);
    for (const key of ['truncated', 'truncation_note']) expect(answer).not.toHaveProperty(key);
    for (const key of ['tabsTotal', 'nextTabOffset'])
      expect(answer.windows[0]).not.toHaveProperty(key);
  });

  it('cuts a list that passes the bound at a whole tab, and says how to get the rest', () => {
    const all = tabs(1_000);
    const answer = answerOf(facts(windowOf('main', all)));
    const text = JSON.stringify(answer);
    expect(jsonBytes(answer)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(JSON.parse(text)).toEqual(answer);
    const shown = answer.windows[0].tabs.length;
    expect(shown).toBeGreaterThan(400);
    expect(shown).toBeLessThan(1_000);
    expect(answer.windows[0].tabs).toEqual(all.slice(0, shown).map(tabEntry));
    expect(answer.windows[0]).toMatchObject({ tabsTotal: 1_000, nextTabOffset: shown });
    expect(answer.truncated).toBe(true);
    expect(answer.truncation_note).toContain(`Listed ${shown} of 1000 tabs`);
    expect(answer.truncation_note).toContain('tabOffset: nextTabOffset');
  });

  it('fills the bound: one more tab would not fit', () => {
    for (const max of [2_000, 10_000, 75_000]) {
      const answer = answerOf(facts(windowOf('main', tabs(1_000))), {}, max);
      const shown = answer.windows[0].tabs.length;
      const more = answerOf(facts(windowOf('main', tabs(shown + 1))), {}, Number.MAX_SAFE_INTEGER);
      // The answer with one more tab, and the same cut fields, is over the bound.
      const bigger = {
        ...more,
        windows: [{ ...more.windows[0], tabsTotal: 1_000, nextTabOffset: shown + 1 }],
        truncated: true,
        truncation_note: answer.truncation_note?.replace(`${shown} of`, `${shown + 1} of`),
      };
      expect(jsonBytes(answer)).toBeLessThanOrEqual(max);
      expect(jsonBytes(bigger)).toBeGreaterThan(max);
    }
  });

  it('pages through every tab of every window with the nextTabOffset it gives', () => {
    const windows = [windowOf('main', tabs(700, 1)), windowOf('doc-2', tabs(300, 701))];
    const first = answerOf(facts(...windows), {}, 30_000);
    expect(first.truncated).toBe(true);
    const seen = allIds(first);
    for (const w of first.windows) {
      let offset = w.nextTabOffset;
      while (offset !== undefined) {
        const next = answerOf(
          facts(...windows),
          { windowLabel: w.label, tabOffset: offset },
          30_000,
        );
        expect(next.windows).toHaveLength(1);
        expect(jsonBytes(next)).toBeLessThanOrEqual(30_000);
        const ids = next.windows[0].tabs.map((t) => t.id);
        expect(ids.length).toBeGreaterThan(0);
        seen.push(...ids);
        offset = next.windows[0].nextTabOffset;
      }
    }
    expect(seen).toEqual(tabs(1_000).map((t) => t.id));
  });

  it('marks a window cut before its first tab with nextTabOffset 0', () => {
    const answer = answerOf(facts(windowOf('main', tabs(600, 1)), windowOf('doc-2', tabs(5, 601))));
    expect(answer.windows[1]).toEqual({
      label: 'doc-2',
      focused: false,
      activeWorkspaceInstanceId: null,
      tabs: [],
      tabsTotal: 5,
      nextTabOffset: 0,
    });
  });
});
