import { describe, expect, it } from 'vitest';
import { SIZE_LIMITS, checkOpenSize, kindForPath, looksLikeWorkflow, resolveKind } from './kind';

const SUPPORTED =
  'supported are markdown (.md, .markdown) and GitHub workflow YAML (.yml or .yaml in .github/workflows, or with top-level "on:" and "jobs:" keys)';

const WORKFLOW = `name: CI
on:
  push:
    branches: [main]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo hi
`;

describe('kindForPath', () => {
  it.each<[string, ReturnType<typeof kindForPath>]>([
    ['/notes/a.md', 'markdown'],
    ['/notes/README.MD', 'markdown'],
    ['/notes/sub/notes.markdown', 'markdown'],
    ['/notes/Guide.Markdown', 'markdown'],
    ['/notes/회의록.md', 'markdown'],
    ['/notes/.github/workflows/ci.yml', 'yaml-workflow'],
    ['/notes/.github/workflows/release.yaml', 'yaml-workflow'],
    ['/notes/.github/workflows/CI.YML', 'yaml-workflow'],
    ['/repo/packages/app/.github/workflows/ci.yml', 'yaml-workflow'],
    ['/notes/.github/workflows/sub/ci.yml', 'maybe-yaml'],
    ['/notes/.github/ci.yml', 'maybe-yaml'],
    ['/notes/github/workflows/ci.yml', 'maybe-yaml'],
    ['/notes/.GitHub/workflows/ci.yml', 'maybe-yaml'],
    ['/.github/workflows/ci.yml', 'maybe-yaml'],
    ['/notes/config.yml', 'maybe-yaml'],
    ['/notes/docker-compose.YAML', 'maybe-yaml'],
    ['/notes/.github/workflows/.yml', null],
    ['/notes/a.txt', null],
    ['/notes/a.md.txt', null],
    ['/notes/a.mdx', null],
    ['/notes/Makefile', null],
    ['/notes/.md', null],
    ['', null],
  ])('%s is %s', (path, expected) => {
    expect(kindForPath(path)).toBe(expected);
  });
});

describe('looksLikeWorkflow', () => {
  it.each([
    ['a typical workflow', WORKFLOW],
    ['inline values', 'on: push\njobs: {}\n'],
    ['a flow sequence trigger', 'on: [push, pull_request]\njobs:\n  a: {}\n'],
    ['double-quoted on', '"on":\n  push:\njobs:\n  a: {}\n'],
    ['single-quoted keys', "'on': push\n'jobs':\n  a: {}\n"],
    ['comments after the colon', 'on: # triggers\n  push:\njobs: # all jobs\n  a: {}\n'],
    ['a space before the colon', 'on : push\njobs :\n  a: {}\n'],
    ['jobs before on', 'jobs:\n  a: {}\non: push\n'],
    ['CRLF line endings', 'on:\r\n  push:\r\njobs:\r\n  a: {}\r\n'],
    ['a byte order mark', '\uFEFFon: push\njobs:\n  a: {}\n'],
    ['no final newline', 'on: push\njobs:'],
  ])('accepts %s', (_label, text) => {
    expect(looksLikeWorkflow(text)).toBe(true);
  });

  it.each([
    ['empty text', ''],
    ['only on', 'on: push\n'],
    ['only jobs', 'jobs:\n  a: {}\n'],
    ['true instead of on', 'true:\n  push:\njobs:\n  a: {}\n'],
    ['capitalised On', 'On: push\njobs:\n  a: {}\n'],
    ['indented on', 'x:\n  on: push\njobs:\n  a: {}\n'],
    ['indented jobs', 'on: push\nx:\n  jobs: {}\n'],
    ['no space after the colon', 'on:push\njobs:\n  a: {}\n'],
    ['a longer key', 'online: yes\njobs:\n  a: {}\n'],
    ['commented-out keys', '# on: push\n# jobs:\nname: x\n'],
    ['markdown', '# Title\n\nSome text about on: and jobs: here.\n'],
  ])('refuses %s', (_label, text) => {
    expect(looksLikeWorkflow(text)).toBe(false);
  });
});

describe('resolveKind accepts', () => {
  it.each<[string, string | undefined, 'markdown' | 'yaml-workflow']>([
    ['/notes/a.md', undefined, 'markdown'],
    ['/notes/a.MARKDOWN', 'on: push\njobs: {}\n', 'markdown'],
    ['/notes/.github/workflows/ci.yml', undefined, 'yaml-workflow'],
    ['/notes/.github/workflows/ci.yaml', 'not a workflow at all', 'yaml-workflow'],
    ['/notes/ci/build.yml', WORKFLOW, 'yaml-workflow'],
    ['/notes/build.YAML', WORKFLOW, 'yaml-workflow'],
    ['', WORKFLOW, 'yaml-workflow'],
    ['/notes/Untitled-1', WORKFLOW, 'yaml-workflow'],
  ])('%j with text %j', (path, text, kind) => {
    expect(resolveKind(path, text)).toEqual({ ok: true, kind });
  });
});

describe('resolveKind refuses', () => {
  it.each<[string, string | undefined, string]>([
    [
      '/notes/a.txt',
      undefined,
      `The file "/notes/a.txt" has the extension ".txt", so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '/notes/photo.PNG',
      'on: push\njobs: {}\n',
      `The file "/notes/photo.PNG" has the extension ".png", so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '/notes/config.yml',
      'name: x\nvalue: 1\n',
      `The file "/notes/config.yml" is YAML with no top-level "on:" and "jobs:" keys, so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '/notes/config.yaml',
      undefined,
      `The file "/notes/config.yaml" is YAML outside .github/workflows and its text was not given, so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '/notes/Makefile',
      'all:\n\techo hi\n',
      `The file "/notes/Makefile" has no extension and has no top-level "on:" and "jobs:" keys, so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '/notes/Makefile',
      undefined,
      `The file "/notes/Makefile" has no extension and has no text to check, so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '',
      '# Just notes\n',
      `The untitled document has no top-level "on:" and "jobs:" keys, so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '',
      undefined,
      `The untitled document has no text to check, so its file type is not supported; ${SUPPORTED}.`,
    ],
    [
      '/notes/a\u0000.exe',
      undefined,
      `The file "/notes/a\\u0000.exe" has the extension ".exe", so its file type is not supported; ${SUPPORTED}.`,
    ],
  ])('%j with text %j', (path, text, reason) => {
    expect(resolveKind(path, text)).toEqual({ ok: false, reason });
  });
});

describe('checkOpenSize', () => {
  it('has the documented limits', () => {
    expect(SIZE_LIMITS).toEqual({ sourceModeAbove: 5_000_000, refuseAbove: 50_000_000 });
  });

  it.each<[number, 'wysiwyg' | 'source']>([
    [0, 'wysiwyg'],
    [12_345, 'wysiwyg'],
    [1_000_001, 'wysiwyg'],
    [5_000_000, 'wysiwyg'],
    [5_000_001, 'source'],
    [49_999_999, 'source'],
    [50_000_000, 'source'],
  ])('opens %d bytes in %s mode', (bytes, mode) => {
    expect(checkOpenSize(bytes)).toEqual({ ok: true, mode });
  });

  it.each([
    [50_000_001, 'The file is 50.000001 MB, which is over the 50 MB limit for opening files.'],
    [50_100_000, 'The file is 50.1 MB, which is over the 50 MB limit for opening files.'],
    [52_400_000, 'The file is 52.4 MB, which is over the 50 MB limit for opening files.'],
    [50_040_000, 'The file is 50.04 MB, which is over the 50 MB limit for opening files.'],
    [1_234_567_890, 'The file is 1234.6 MB, which is over the 50 MB limit for opening files.'],
    [-1, 'The file size -1 is not a valid number of bytes.'],
    [1.5, 'The file size 1.5 is not a valid number of bytes.'],
    [Number.NaN, 'The file size NaN is not a valid number of bytes.'],
    [Number.POSITIVE_INFINITY, 'The file size Infinity is not a valid number of bytes.'],
  ])('refuses %d bytes', (bytes, reason) => {
    expect(checkOpenSize(bytes)).toEqual({ ok: false, reason });
  });
});
