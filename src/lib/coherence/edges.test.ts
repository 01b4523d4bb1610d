import { describe, expect, it } from 'vitest';
import type { AnyEntry } from './dag';
import { edgeKey, originEdges, sameEdge } from './edges';

const rev = (tag: string) => `rev1:${tag.repeat(32)}`;
const ELENA = '0198a001-0000-7000-8000-000000000001';
const WORLD = '0198a001-0000-7000-8000-000000000002';
const SCENE = '0198a001-0000-7000-8000-000000000003';
const RECAP = '0198a001-0000-7000-8000-000000000004';
const TXF = '0198b000-0000-7000-8000-000000000001';

const entry = (kind: string, id: string, body: unknown): AnyEntry => ({
  format: 0,
  id,
  kind,
  time: '2026-07-10T10:00:00.000Z',
  writer: '0198a000-0000-7000-8000-0000000000ff',
  idem: id.replace('0198b', '0198d'),
  body,
});

describe('origin edges', () => {
  const transformation = entry('transformation', TXF, {
    inputs: [
      { object: ELENA, revision: rev('a1'), role: 'direct' },
      { object: WORLD, revision: rev('b1'), role: 'contextual', kind: 'mention' },
    ],
    outputs: [
      {
        object: SCENE,
        revision: rev('d1'),
        content_hash: `sha256:${'d1'.repeat(32)}`,
        parents: [],
      },
      {
        object: RECAP,
        revision: rev('e1'),
        content_hash: `sha256:${'e1'.repeat(32)}`,
        parents: [],
      },
    ],
    agent: { type: 'model', id: 'mcp-client' },
    intent: { kind: 'genie', summary: '' },
    confidence: 'inferred',
  });

  it('are one per input and output, numbered by the input position', () => {
    expect(originEdges([transformation])).toEqual([
      {
        txf: TXF,
        input: 0,
        upstream: ELENA,
        pinned: rev('a1'),
        downstream: SCENE,
        downstream_rev: rev('d1'),
        role: 'direct',
        kind: 'dependency',
        confidence: 'inferred',
      },
      {
        txf: TXF,
        input: 0,
        upstream: ELENA,
        pinned: rev('a1'),
        downstream: RECAP,
        downstream_rev: rev('e1'),
        role: 'direct',
        kind: 'dependency',
        confidence: 'inferred',
      },
      {
        txf: TXF,
        input: 1,
        upstream: WORLD,
        pinned: rev('b1'),
        downstream: SCENE,
        downstream_rev: rev('d1'),
        role: 'contextual',
        kind: 'mention',
        confidence: 'inferred',
      },
      {
        txf: TXF,
        input: 1,
        upstream: WORLD,
        pinned: rev('b1'),
        downstream: RECAP,
        downstream_rev: rev('e1'),
        role: 'contextual',
        kind: 'mention',
        confidence: 'inferred',
      },
    ]);
  });

  it('come only from transformations; a save without inputs has none', () => {
    const save = entry('transformation', '0198b000-0000-7000-8000-000000000002', {
      inputs: [],
      outputs: [
        {
          object: SCENE,
          revision: rev('d2'),
          content_hash: `sha256:${'d2'.repeat(32)}`,
          parents: [rev('d1')],
        },
      ],
      agent: { type: 'human', id: 'ann' },
      intent: { kind: 'editor-save', summary: '' },
      confidence: 'exact',
    });
    const registered = entry('object-registered', '0198b000-0000-7000-8000-000000000003', {
      object: SCENE,
      path: 'scene.md',
    });
    const unknown = entry('future-kind', '0198b000-0000-7000-8000-000000000004', { inputs: [] });
    expect(originEdges([save, registered, unknown])).toEqual([]);
  });

  it('are named by {txf, input}', () => {
    expect(edgeKey({ txf: TXF, input: 1 })).not.toBe(edgeKey({ txf: TXF, input: 0 }));
    expect(sameEdge({ txf: TXF, input: 1 }, { txf: TXF, input: 1 })).toBe(true);
    expect(sameEdge({ txf: TXF, input: 1 }, { txf: TXF, input: 0 })).toBe(false);
  });
});
