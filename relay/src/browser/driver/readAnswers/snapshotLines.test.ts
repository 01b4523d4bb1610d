import { describe, expect, it } from 'vitest';
import { nodeLine } from './snapshotLines.js';

describe('nodeLine', () => {
  it('gives the ref, the role and the name', () => {
    expect(nodeLine({ role: 'button', name: 'Publish', ref: 'e12' })).toBe('e12 button: Publish');
  });

  it('puts the states in brackets between the role and the name', () => {
    expect(nodeLine({ role: 'heading', name: 'Account', ref: 'e1', level: 2 })).toBe(
      'e1 heading [level=2]: Account',
    );
    expect(nodeLine({ role: 'checkbox', name: 'A', ref: 'e2', checked: true })).toBe(
      'e2 checkbox [checked]: A',
    );
    expect(nodeLine({ role: 'checkbox', name: 'A', ref: 'e2', checked: false })).toBe(
      'e2 checkbox [unchecked]: A',
    );
    expect(nodeLine({ role: 'checkbox', name: 'A', ref: 'e2', checked: 'mixed' })).toBe(
      'e2 checkbox [mixed]: A',
    );
    expect(
      nodeLine({ role: 'menuitemcheckbox', name: 'B', ref: 'e3', checked: true, disabled: true }),
    ).toBe('e3 menuitemcheckbox [checked] [disabled]: B');
    expect(nodeLine({ role: 'button', name: 'Avatar', ref: 'e7', upload: true })).toBe(
      'e7 button [upload]: Avatar',
    );
  });

  it('leaves the colon out when the name is empty', () => {
    expect(nodeLine({ role: 'textbox', name: '', ref: 'e4', disabled: true })).toBe(
      'e4 textbox [disabled]',
    );
  });

  it('keeps a name that looks like a state or holds quotes and colons as it is, after the colon', () => {
    const line = nodeLine({ role: 'button', name: 'Save [disabled]: "now"', ref: 'e5' });
    expect(line).toBe('e5 button: Save [disabled]: "now"');
    expect(line.slice(line.indexOf(': ') + 2)).toBe('Save [disabled]: "now"');
  });

  it('keeps one node on one line: every kind of line break in a name becomes a space', () => {
    const name = 'a\nb\rc\u000Bd\u000Ce\u0085f\u2028g\u2029h';
    const line = nodeLine({ role: 'link', name, ref: 'e9' });
    expect(line).toBe('e9 link: a b c d e f g h');
    expect(line.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)).toHaveLength(1);
  });
});
