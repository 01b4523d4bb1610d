import { describe, expect, it } from 'vitest';
import { detectUnavailableChecks } from './unavailableChecks';

const kinds = (source: string) => detectUnavailableChecks(source).map((c) => c.kind);

const job = (steps: string, extra = '') =>
  `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n${extra}    steps:\n${steps}`;

describe('detectUnavailableChecks', () => {
  it('lists nothing for a workflow without run: steps', () => {
    expect(kinds(job('      - uses: actions/checkout@v4\n'))).toEqual([]);
    expect(kinds('')).toEqual([]);
    expect(kinds('just a string')).toEqual([]);
  });

  it('lists shellcheck for run: steps in the default shell, bash or sh', () => {
    expect(kinds(job('      - run: make\n'))).toEqual(['shellcheck']);
    expect(kinds(job('      - run: |\n          make\n        shell: bash -e {0}\n'))).toEqual([
      'shellcheck',
    ]);
    expect(kinds(job('      - run: make\n        shell: sh\n'))).toEqual(['shellcheck']);
  });

  it('does not list shellcheck for pwsh or cmd scripts', () => {
    expect(kinds(job('      - run: dir\n        shell: pwsh\n'))).toEqual([]);
  });

  it('lists pyflakes for shell: python, on the step or through defaults', () => {
    expect(kinds(job("      - run: print('hi')\n        shell: python\n"))).toEqual(['pyflakes']);
    const jobDefault = job(
      "      - run: print('hi')\n",
      '    defaults:\n      run:\n        shell: python\n',
    );
    expect(kinds(jobDefault)).toEqual(['pyflakes']);
    const workflowDefault = `defaults:\n  run:\n    shell: python\n${job('      - run: print(1)\n      - run: ls\n        shell: bash\n')}`;
    expect(kinds(workflowDefault)).toEqual(['shellcheck', 'pyflakes']);
    // Like actionlint: only exactly `python`, not a custom `python {0}` command.
    expect(kinds(job('      - run: print(1)\n        shell: python {0}\n'))).toEqual([]);
  });

  it('gives reasons', () => {
    const [check] = detectUnavailableChecks(job('      - run: make\n'));
    expect(check?.reason).toMatch(/shellcheck .*browser/);
  });

  it('falls back to a line scan when the YAML does not parse', () => {
    expect(kinds('jobs:\n  a:\n    steps:\n      - run: make\n    bad: [\n')).toEqual([
      'shellcheck',
    ]);
    expect(
      kinds('jobs:\n  a:\n    steps:\n      - run: print(1)\n        shell: "python"\n  x: [\n'),
    ).toEqual(['shellcheck', 'pyflakes']);
    expect(kinds('jobs:\n  a:\n    defaults:\n      run:\n        shell: bash\n  x: [\n')).toEqual(
      [],
    );
  });
});
