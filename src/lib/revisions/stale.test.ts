import { describe, expect, it } from 'vitest';
import { staleRevision } from './stale';

describe('the STALE rule', () => {
  it('lets a change through when no revision is expected, or the expected one is current', () => {
    expect(staleRevision({ revision: 'r2' }, undefined)).toBeNull();
    expect(staleRevision({ revision: 'r2', version: 7 }, 'r2')).toBeNull();
  });

  it('refuses a change made against another revision, saying where the document is', () => {
    expect(staleRevision({ revision: 'r2' }, 'r1')).toEqual({
      ok: false,
      error: 'STALE',
      message: 'The document changed: it is at r2, not r1. Read it again.',
      current_revision: 'r2',
    });
  });

  it('adds the version when the core knows it, and the sentence the caller gives', () => {
    expect(staleRevision({ revision: 'r2', version: 7 }, 'r1', 'Get the selection again.')).toEqual(
      {
        ok: false,
        error: 'STALE',
        message: 'The document changed: it is at r2, not r1. Get the selection again.',
        current_revision: 'r2',
        current_version: 7,
      },
    );
  });
});
