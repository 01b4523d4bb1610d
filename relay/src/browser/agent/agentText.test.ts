import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { AgentScope } from './agentScope.js';
import { AGENT_PARTS, AGENT_SOURCE } from './agentSource.js';
import { textPart } from './agentText.js';

function scope(): AgentScope {
  const A = {} as AgentScope;
  textPart(A);
  return A;
}

describe('agent text helpers', () => {
  const A = scope();

  it('normalises names: NFC, format characters removed, whitespace collapsed', () => {
    expect(A.norm('Publ\u200Bish')).toBe('Publish');
    expect(A.norm('\uFEFFSa\u00ADve\u2060 \u200E')).toBe('Save');
    expect(A.norm('Cafe\u0301')).toBe('Café');
    expect(A.norm('  a\n\t b\u00A0\u2003c  ')).toBe('a b c');
    expect(A.norm('')).toBe('');
  });

  it('cuts by code points, never inside a surrogate pair', () => {
    expect(A.clip('abc', 200)).toBe('abc');
    expect(A.clip('x'.repeat(500), 200)).toHaveLength(200);
    const emoji = '😀'.repeat(3);
    expect(A.clip(emoji, 2)).toBe('😀😀');
    expect(A.clip(emoji, 3)).toBe(emoji);
  });

  it('describes an element as tag.class with only safe characters, at most 64', () => {
    const el = (localName: string, classes: string[]) =>
      ({ localName, classList: classes }) as unknown as Element;
    expect(A.describeEl(el('div', ['cookie-banner']))).toBe('div.cookie-banner');
    expect(A.describeEl(el('div', ['a"b', '<x>', '', 'ok_1']))).toBe('div.ab.x.ok_1');
    const long = A.describeEl(
      el(
        'section',
        Array.from({ length: 20 }, (_, i) => `class${i}`),
      ),
    );
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).not.toMatch(/\.$/);
  });

  it('turns camelCase properties into CSS names and keeps custom properties', () => {
    expect(A.kebab('backgroundColor')).toBe('background-color');
    expect(A.kebab('z-index')).toBe('z-index');
    expect(A.kebab('--myVar')).toBe('--myVar');
  });
});

describe('the agent source', () => {
  it('is one self-contained expression that installs the agent once', () => {
    const world: Record<string, unknown> = {};
    world.globalThis = world;
    expect(runInNewContext(AGENT_SOURCE, world)).toBe(true);
    const agent = runInNewContext('globalThis.__vmarkAgent', world) as Record<string, unknown>;
    expect(Object.keys(agent).sort()).toEqual(
      [
        'act',
        'check',
        'describe',
        'finishType',
        'frameHit',
        'frameOwner',
        'frameOwners',
        'gateSignals',
        'query',
        'recordArm',
        'recordDisarm',
        'scrollPosition',
        'snapshot',
        'style',
        'watchArm',
        'watchDisarm',
        'where',
      ].sort(),
    );
    expect(runInNewContext(AGENT_SOURCE, world)).toBe(true);
    expect(runInNewContext('globalThis.__vmarkAgent', world)).toBe(agent);
  });

  it('is made of functions of the scope alone (no imports, no module bindings)', () => {
    for (const part of AGENT_PARTS) {
      const text = part.toString();
      expect(text).toMatch(/^function \w+Part\(A\)/);
      expect(text).not.toMatch(/\bimport\b|\brequire\(|__vi_|\bexports\b/);
    }
  });
});
