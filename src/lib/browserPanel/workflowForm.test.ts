import { describe, expect, it } from 'vitest';
import type { BrowserTabInfo } from '../../shared/wire/driverProtocol';
import { aiTabs, runFormOf } from './workflowForm';

describe('the Run form of a workflow', () => {
  it('asks for each declared input and starts where the first step goes', () => {
    const form = runFormOf(
      '---\nsite: blog\ninputs: [title, body]\n---\n1. action: navigate to https://blog.example/new\n2. action: type {title} into "Title"\n3. goal: write {body}\n',
    );
    expect(form).toEqual({
      runnable: true,
      site: 'blog',
      inputs: ['title', 'body'],
      steps: 3,
      startUrl: 'https://blog.example/new',
      problems: [],
    });
  });

  it('has no start page when the first step does not navigate', () => {
    expect(runFormOf('---\nsite: x\n---\n- extract: content\n').startUrl).toBeNull();
    expect(runFormOf('---\nsite: x\n---\n- action: navigate somewhere\n').startUrl).toBeNull();
  });

  it('says, line by line, why a workflow cannot run', () => {
    const form = runFormOf(
      '---\nsite: x\ninputs [a]\n---\n1. action: click "Go"\n2. wander: off\n',
    );
    expect(form.runnable).toBe(false);
    expect(form.problems).toEqual([
      expect.stringMatching(/^Line 3: /),
      expect.stringMatching(/^Line 6: /),
    ]);
    const long = runFormOf(
      `---\nsite: x\n---\n${Array.from({ length: 26 }, (_, i) => `${i + 1}. extract: content`).join('\n')}\n`,
    );
    expect(long.runnable).toBe(false);
    expect(long.problems).toEqual([expect.stringMatching(/^Line 29: .*26 steps/)]);
    const huge = runFormOf(`---\nsite: x\n---\n- goal: ${'é'.repeat(40_000)}\n`);
    expect(huge.runnable).toBe(false);
    expect(huge.problems[0]).toMatch(/^Line 4: .*bytes; at most 65536/);
    // A broken action is refused before the run starts, so the form says so too.
    const broken = runFormOf('---\nsite: x\n---\n1. action: click "Save\n');
    expect(broken).toMatchObject({
      runnable: false,
      problems: [expect.stringMatching(/^Line 4: /)],
    });
  });
});

describe('tabs a run may use', () => {
  it('are the AI’s own', () => {
    const tab = (tabId: string, human: boolean) => ({ tabId, human }) as BrowserTabInfo;
    expect(aiTabs([tab('a', false), tab('b', true), tab('c', false)]).map((t) => t.tabId)).toEqual([
      'a',
      'c',
    ]);
  });
});
