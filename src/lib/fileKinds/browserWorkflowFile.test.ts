import { describe, expect, it } from 'vitest';
import { isBrowserWorkflowPath, workflowFileName } from './browserWorkflowFile';

describe('browser workflow files', () => {
  it.each([
    ['/notes/blog.workflow.md', true],
    ['/notes/deep/Publish.WORKFLOW.MD', true],
    ['post.workflow.md', true],
    ['/notes/.workflow.md', false],
    ['/notes/workflow.md', false],
    ['/notes/blog.workflow.markdown', false],
    ['/notes/blog.workflow.md/readme.md', false],
    ['/notes/blog.md', false],
    ['', false],
    [null, false],
  ])('%s → %s', (path, expected) => {
    expect(isBrowserWorkflowPath(path)).toBe(expected);
  });

  it('names a file after the site, safely', () => {
    expect(workflowFileName('blog')).toBe('blog.workflow.md');
    expect(workflowFileName('my blog/admin?')).toBe('my-blog-admin.workflow.md');
    expect(workflowFileName('../..')).toBe('recording.workflow.md');
    expect(workflowFileName('블로그')).toBe('블로그.workflow.md');
    expect(isBrowserWorkflowPath(workflowFileName('x'.repeat(200)))).toBe(true);
  });
});
