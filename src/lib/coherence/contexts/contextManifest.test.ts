import { describe, expect, it } from 'vitest';
import { manifestText, nameProblem, parseManifest } from './contextManifest';
import { C1, DOC_A as DOC } from '../projection/handBuiltLedger';

const ID = '0190b000-0000-7000-8000-000000000001';

describe('parsing a manifest', () => {
  it('fills what the format lets a file leave out', () => {
    const parsed = parseManifest(`{"id":"${ID}","name":"book"}`);
    expect(parsed).toMatchObject({
      manifest: {
        format: 0,
        id: ID,
        name: 'book',
        parent: null,
        selections: {},
        enforcement: 'greenhouse',
        visible_claims: [],
      },
      problems: [],
    });
  });

  it('refuses files that cannot be a manifest, saying why', () => {
    expect(parseManifest('')).toBe('not valid JSON');
    expect(parseManifest('"book"')).toBe('not a JSON object');
    expect(parseManifest(`{"name":"book"}`)).toBe('"id" is not a UUID');
    expect(parseManifest(`{"id":"${ID}"}`)).toBe('"name" is missing');
    expect(parseManifest(`{"id":"${ID}","name":"b","parent":"dad"}`)).toBe(
      '"parent" is neither null nor a UUID',
    );
    expect(parseManifest(`{"format":2,"id":"${ID}","name":"b"}`)).toMatch(/newer format \(2\)/);
  });

  it('keeps the good entries and reports each bad one', () => {
    const parsed = parseManifest(
      JSON.stringify({
        id: ID,
        name: 'b',
        selections: { [DOC]: 'rev1:XYZ', 'not-an-id': 'live' },
        enforcement: 'strict',
        visible_claims: [C1, C1, 42],
        git_branch: 7,
      }),
    );
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(parsed.manifest.selections).toEqual({ [DOC]: 'live' });
    expect(parsed.manifest.enforcement).toBe('greenhouse');
    expect(parsed.manifest.visible_claims).toEqual([C1]);
    expect(parsed.manifest.git_branch).toBeUndefined();
    expect(parsed.problems).toHaveLength(5);
  });

  it('reads a branch mapping', () => {
    const parsed = parseManifest(`{"id":"${ID}","name":"b","git_branch":"draft-2"}`);
    expect(parsed).toMatchObject({ manifest: { git_branch: 'draft-2' } });
  });
});

describe('names and new manifests', () => {
  it('accept letters, digits, - and _ only', () => {
    expect(nameProblem('Act_2-b')).toBeNull();
    for (const bad of ['', 'a b', 'a.b', 'a/b', 'é', '..']) expect(nameProblem(bad)).not.toBeNull();
  });

  it('write the format’s fields in its order, ending with a newline', () => {
    const text = manifestText({
      format: 0,
      id: ID,
      name: 'b',
      parent: null,
      selections: {},
      enforcement: 'greenhouse',
      visible_claims: [],
    });
    expect(Object.keys(JSON.parse(text))).toEqual([
      'format',
      'id',
      'name',
      'parent',
      'selections',
      'enforcement',
      'visible_claims',
    ]);
    expect(text.endsWith('}\n')).toBe(true);
  });
});
