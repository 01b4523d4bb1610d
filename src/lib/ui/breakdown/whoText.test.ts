import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.svelte';
import { scanError } from '../../coherence/scan/scanErrors';
import { nameRefusal, scanProblemText } from './whoText';

afterEach(() => {
  i18n.setting = 'en';
});

describe('who did what, in words', () => {
  it('says why a name is refused and which name the record keeps', () => {
    i18n.setting = 'en';
    expect(nameRefusal('too-long', 'Ann')).toBe(
      'A name is at most 64 characters. Not saved: the record still names you “Ann”.',
    );
    expect(nameRefusal('invisible', '')).toBe(
      'A name cannot hold line breaks, tabs or other invisible characters. Not saved: the record still names you “unknown-human”.',
    );
    i18n.setting = 'ko';
    expect(nameRefusal('no-letter', '김지은')).toContain('“김지은”');
    expect(nameRefusal('no-letter', '김지은')).toMatch(/^이름에는 글자나 숫자가/);
  });

  it('words what a scan could not do, with the cause as the browser gave it', () => {
    i18n.setting = 'en';
    const lost = scanError('snapshot-not-stored', 'scene.md', 'TypeMismatchError');
    expect(scanProblemText(lost)).toBe('Its new version could not be stored: TypeMismatchError');
    expect(scanProblemText(scanError('file-gone', 'a.md'))).toBe(
      'It went away while it was being read.',
    );
    i18n.setting = 'fr';
    expect(scanProblemText(lost)).toBe(
      'Sa nouvelle version n’a pas pu être conservée : TypeMismatchError',
    );
  });

  it('shows a cause this window does not know in the core’s English', () => {
    const unknown = { code: 'new-kind', path: 'a.md', message: 'a.md: something new' } as never;
    expect(scanProblemText(unknown)).toBe('a.md: something new');
  });
});
