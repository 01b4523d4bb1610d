import { describe, expect, it } from 'vitest';
import { MemoryFiles } from '../store/memoryFiles';
import {
  listWorkflowFiles,
  WALK_LIMITS,
  workflowFile,
  MAX_READ_BYTES,
  type WorkflowFileDeps,
} from './workflowFiles';
import type { DirEntry } from '../types';

/** A directory listing over MemoryFiles' files and folders. */
function lister(files: MemoryFiles, calls: string[] = []) {
  return async (path: string) => {
    calls.push(path);
    if (!files.folders.has(path))
      return { ok: false as const, error: 'NOT_FOUND' as const, message: `Nothing at ${path}.` };
    const entries: DirEntry[] = [];
    const child = (p: string) =>
      p.startsWith(path + '/') && !p.slice(path.length + 1).includes('/');
    for (const f of files.folders)
      if (child(f)) entries.push({ name: f.split('/').pop()!, path: f, kind: 'directory' });
    for (const f of files.files.keys())
      if (child(f)) entries.push({ name: f.split('/').pop()!, path: f, kind: 'file' });
    return { ok: true as const, entries };
  };
}

function deps(
  files: MemoryFiles,
  open: Record<string, { text: string; dirty: boolean }> = {},
): WorkflowFileDeps {
  return { files, list: lister(files), openText: (p) => open[p] ?? null };
}

const WF = '---\nsite: blog\n---\n1. extract: content\n';

describe('listing workflow files', () => {
  it('finds *.workflow.md anywhere, skipping hidden and dependency folders', async () => {
    const files = new MemoryFiles(['notes', 'work']);
    files.put('/notes/post.workflow.md', WF);
    files.put('/notes/readme.md', '# hi');
    files.put('/notes/chores/deep/a/Publish.Workflow.md', WF);
    files.put('/notes/.git/x.workflow.md', WF);
    files.put('/notes/node_modules/pkg/y.workflow.md', WF);
    files.put('/work/z.workflow.md', WF);
    const r = await listWorkflowFiles(files.mounts(), lister(files));
    expect(r).toEqual({
      truncated: false,
      files: [
        { path: '/notes/chores/deep/a/Publish.Workflow.md', name: 'Publish.Workflow.md' },
        { path: '/notes/post.workflow.md', name: 'post.workflow.md' },
        { path: '/work/z.workflow.md', name: 'z.workflow.md' },
      ],
    });
  });

  it('stops at its depth limit and says the list may be incomplete', async () => {
    const files = new MemoryFiles(['notes']);
    const deep = Array.from({ length: WALK_LIMITS.depth + 1 }, (_, i) => `d${i}`).join('/');
    files.put(`/notes/${deep}/far.workflow.md`, WF);
    files.put('/notes/near.workflow.md', WF);
    const r = await listWorkflowFiles(files.mounts(), lister(files));
    expect(r.files.map((f) => f.name)).toEqual(['near.workflow.md']);
    expect(r.truncated).toBe(true);
  });

  it('passes over a folder it cannot list', async () => {
    const files = new MemoryFiles(['notes']);
    files.put('/notes/a.workflow.md', WF);
    const calls: string[] = [];
    const r = await listWorkflowFiles(['notes', 'gone'], lister(files, calls));
    expect(r.files).toHaveLength(1);
    expect(calls).toContain('/gone');
  });
});

describe('reading a workflow file', () => {
  it('answers the open tab’s text, unsaved edits included, else the file', async () => {
    const files = new MemoryFiles();
    files.put('/notes/a.workflow.md', WF);
    files.put('/notes/b.workflow.md', '\uFEFF---\r\nsite: x\r\n---\r\n- goal: y\r\n');
    const open = { '/notes/a.workflow.md': { text: WF + '2. goal: more\n', dirty: true } };
    expect(
      await workflowFile(deps(files, open), { op: 'read', path: '/notes/a.workflow.md' }),
    ).toEqual({
      ok: true,
      path: '/notes/a.workflow.md',
      text: WF + '2. goal: more\n',
      unsaved: true,
    });
    const b = await workflowFile(deps(files), { op: 'read', path: '/notes/b.workflow.md' });
    expect(b).toMatchObject({ ok: true, unsaved: false });
    // As the editor holds it: line breaks as \n, no BOM (the file keeps its own on save).
    expect(b.ok && b.text).toBe('---\nsite: x\n---\n- goal: y\n');
  });

  it('refuses what is not a workflow file, or missing', async () => {
    const files = new MemoryFiles();
    files.put('/notes/a.md', WF);
    expect(await workflowFile(deps(files), { op: 'read', path: '/notes/a.md' })).toMatchObject({
      ok: false,
      error: 'INVALID_PATH',
      message: expect.stringContaining('.workflow.md'),
    });
    expect(
      await workflowFile(deps(files), { op: 'read', path: '/notes/none.workflow.md' }),
    ).toMatchObject({
      ok: false,
      error: 'NOT_FOUND',
    });
    expect(await workflowFile(deps(files), { op: 'read', path: '../x.workflow.md' })).toMatchObject(
      {
        ok: false,
        error: 'INVALID_PATH',
      },
    );
  });

  it('refuses a file over its read limit, naming that limit, and reads one at it', async () => {
    const files = new MemoryFiles();
    const body = (n: number) => WF + 'x'.repeat(n - WF.length);
    files.put('/notes/big.workflow.md', body(MAX_READ_BYTES + 1));
    files.put('/notes/edge.workflow.md', body(MAX_READ_BYTES));
    const big = await workflowFile(deps(files), { op: 'read', path: '/notes/big.workflow.md' });
    expect(big).toMatchObject({ ok: false, error: 'TOO_LARGE' });
    expect(big.ok ? '' : big.message).toContain(
      `${MAX_READ_BYTES + 1} bytes, over the ${MAX_READ_BYTES}`,
    );
    const edge = await workflowFile(deps(files), { op: 'read', path: '/notes/edge.workflow.md' });
    expect(edge).toMatchObject({ ok: true, path: '/notes/edge.workflow.md' });
  });
});

describe('saving a recording as a workflow file', () => {
  it('writes the text byte for byte under a name that ends in .workflow.md', async () => {
    const files = new MemoryFiles();
    const r = await workflowFile(deps(files), {
      op: 'create',
      dir: '/notes',
      name: 'publish',
      text: WF,
    });
    expect(r).toEqual({ ok: true, path: '/notes/publish.workflow.md' });
    expect(files.text('/notes/publish.workflow.md')).toBe(WF);
    const md = await workflowFile(deps(files), {
      op: 'create',
      dir: '/notes',
      name: 'post.md',
      text: WF,
    });
    expect(md).toEqual({ ok: true, path: '/notes/post.workflow.md' });
  });

  it('never overwrites a file, and refuses bad names and folders', async () => {
    const files = new MemoryFiles();
    files.put('/notes/publish.workflow.md', 'mine');
    expect(
      await workflowFile(deps(files), {
        op: 'create',
        dir: '/notes',
        name: 'publish.workflow.md',
        text: WF,
      }),
    ).toMatchObject({
      ok: false,
      error: 'NAME_CLASH',
    });
    expect(files.text('/notes/publish.workflow.md')).toBe('mine');
    expect(
      await workflowFile(deps(files), { op: 'create', dir: '/notes', name: 'a/b', text: WF }),
    ).toMatchObject({
      ok: false,
      error: 'INVALID_PATH',
    });
    expect(
      await workflowFile(deps(files), { op: 'create', dir: '/nowhere', name: 'a', text: WF }),
    ).toMatchObject({
      ok: false,
      error: 'INVALID_PATH',
    });
    expect(
      await workflowFile(deps(files), { op: 'create', dir: '/notes/missing', name: 'a', text: WF }),
    ).toMatchObject({
      ok: false,
      error: 'NOT_FOUND',
    });
  });
});
