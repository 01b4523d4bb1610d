/** The paths a capture accepts: markdown documents inside the workspace, outside `.vmark/`. */
import { describe, expect, it } from 'vitest';
import { workspacePathProblem } from './workspacePath';

describe('workspacePathProblem', () => {
  it('accepts a relative markdown path', () => {
    expect(workspacePathProblem('notes/scene-01.md')).toBeNull();
    expect(workspacePathProblem('a.md')).toBeNull();
    expect(workspacePathProblem('notes/..draft.md')).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['../a.md', /leaves the workspace/],
    ['notes/../../a.md', /leaves the workspace/],
    ['/a.md', /absolute/],
    ['c:/a.md', /absolute/],
    ['notes\\a.md', /backslash/],
    ['notes//a.md', /empty or "\." segment/],
    ['./a.md', /empty or "\." segment/],
    ['.vmark/a.md', /inside \.vmark/],
    ['notes/a.MD', /not a markdown document/],
    ['notes/a.yaml', /not a markdown document/],
  ])('refuses %j', (path, why) => {
    expect(workspacePathProblem(path)).toMatch(why);
  });
});
