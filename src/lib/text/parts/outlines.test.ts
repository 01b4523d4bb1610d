import { describe, expect, it } from 'vitest';
import { markdownOutline } from './markdownOutline';
import { findSection } from './sections';
import { workflowOutline } from './workflowOutline';

const doc = [
  '---', // 1
  'title: # not a heading', // 2
  '---', // 3
  '# Guide', // 4
  'Intro é.', // 5
  '## Install', // 6
  '```sh', // 7
  '# not a heading', // 8
  '```', // 9
  'Setup', // 10
  '-----', // 11
  'text', // 12
  '## Use', // 13
  '# Appendix', // 14
  '## Install', // 15
  '',
].join('\n');

describe('markdownOutline', () => {
  const outline = markdownOutline(doc);

  it('lists ATX and setext headings with their sections, not code or front matter', () => {
    expect(outline.map((s) => [s.level, s.path, s.startLine, s.endLine])).toEqual([
      [1, 'Guide', 4, 13],
      [2, 'Guide > Install', 6, 9],
      [2, 'Guide > Setup', 10, 12],
      [2, 'Guide > Use', 13, 13],
      [1, 'Appendix', 14, 15],
      [2, 'Appendix > Install', 15, 15],
    ]);
  });

  it('sizes a section in UTF-8 bytes, line breaks included', () => {
    expect(outline[0].bytes).toBe(
      new TextEncoder().encode(doc.split('\n').slice(3, 13).join('\n') + '\n').length,
    );
  });

  it('finds a section by its path, or by a heading only one section has', () => {
    expect(findSection(outline, 'Guide > Use')).toMatchObject({
      ok: true,
      section: { startLine: 13 },
    });
    expect(findSection(outline, 'Setup')).toMatchObject({ ok: true, section: { startLine: 10 } });
  });

  it('refuses a path several sections match, listing them, and one none has', () => {
    const several = findSection(outline, 'Install');
    expect(several).toMatchObject({ ok: false });
    if (!several.ok)
      expect(several.candidates.map((s) => s.path)).toEqual([
        'Guide > Install',
        'Appendix > Install',
      ]);
    expect(findSection(outline, 'Nope')).toMatchObject({ ok: false, candidates: [] });
  });
});

describe('workflowOutline', () => {
  const ci = [
    'name: CI', // 1
    'on: push', // 2
    '# the jobs', // 3
    'jobs:', // 4
    '  build:', // 5
    '    runs-on: ubuntu-latest', // 6
    '    steps:', // 7
    '      - uses: actions/checkout@v4', // 8
    '      - name: Test', // 9
    '        run: npm test', // 10
    '      - run: |', // 11
    '          echo one', // 12
    '          echo two', // 13
    '  lint:', // 14
    '    runs-on: ubuntu-latest', // 15
    '',
  ].join('\n');

  it('lists the top-level keys, the jobs and their steps with their lines', () => {
    expect(workflowOutline(ci).map((s) => [s.level, s.path, s.startLine, s.endLine])).toEqual([
      [1, 'name', 1, 1],
      [1, 'on', 2, 3],
      [1, 'jobs', 4, 15],
      [2, 'jobs > build', 5, 13],
      [3, 'jobs > build > actions/checkout@v4', 8, 8],
      [3, 'jobs > build > Test', 9, 10],
      [3, 'jobs > build > echo one', 11, 13],
      [2, 'jobs > lint', 14, 15],
    ]);
  });

  it('has no outline for text that is not a mapping', () => {
    expect(workflowOutline('- a\n- b\n')).toEqual([]);
  });
});
