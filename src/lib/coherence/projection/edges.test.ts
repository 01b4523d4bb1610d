import { describe, expect, it } from 'vitest';
import { edgeKey, originEdges, sameEdge } from './edges';
import {
  ELENA,
  SCENE1 as SCENE,
  T1 as TXF,
  WORLD,
  at,
  handBuiltLedger,
  hash,
  rev,
} from './handBuiltLedger';

const RECAP = '0198a001-0000-7000-8000-000000000004';

const { line } = handBuiltLedger();
const entry = (kind: string, id: string, body: unknown) => line(kind, at(0), body, id);

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
        content_hash: hash('d1'),
        parents: [],
      },
      {
        object: RECAP,
        revision: rev('e1'),
        content_hash: hash('e1'),
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
          content_hash: hash('d2'),
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
