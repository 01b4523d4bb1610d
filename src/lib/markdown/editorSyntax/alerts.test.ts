import { describe, expect, it } from 'vitest';
import { alertMarker } from './alerts';

describe('alertMarker', () => {
  it('finds the marker on a line of its own, in any case', () => {
    expect(alertMarker('[!NOTE]\nUseful.')).toEqual({ kind: 'note', length: 7 });
    expect(alertMarker('[!Warning]  ')).toEqual({ kind: 'warning', length: 10 });
    expect(alertMarker('[!caution]')).toEqual({ kind: 'caution', length: 10 });
  });
  it('ignores other kinds and text after the marker on its line', () => {
    expect(alertMarker('[!DANGER]\nx')).toBeNull();
    expect(alertMarker('[!NOTE] inline text')).toBeNull();
    expect(alertMarker('Text [!NOTE]')).toBeNull();
  });
});
