import { describe, expect, it } from 'vitest';
import { checkAnswer, checkConfig, DEFAULT_CONFIG } from './configShape.js';

describe('config and answers', () => {
  it('accepts a whole config and refuses a partial one', () => {
    expect(checkConfig(DEFAULT_CONFIG).ok).toBe(true);
    expect(
      checkConfig({
        ...DEFAULT_CONFIG,
        grants: [{ origin: 'https://a.example', operations: ['click'] }],
      }).ok,
    ).toBe(true);
    expect(checkConfig({ enabled: true }).ok).toBe(false);
    expect(checkConfig({ ...DEFAULT_CONFIG, posture: 'open' }).ok).toBe(false);
    expect(checkConfig({ ...DEFAULT_CONFIG, grants: [{ origin: 1 }] }).ok).toBe(false);
  });
  it('reads answers', () => {
    expect(checkAnswer({ requestId: 'apr-1', answer: 'once' })).toEqual({
      requestId: 'apr-1',
      answer: 'once',
    });
    expect(checkAnswer({ requestId: 'apr-1', answer: 'always' })).toBeNull();
    expect(checkAnswer(null)).toBeNull();
  });
});
