/**
 * Every property test (fast-check) runs with one fixed seed, so `npm test` checks the same cases
 * each time and a failure can be replayed. `FUZZ_SEED=<n>` explores other cases; `FUZZ_RUNS`
 * makes the fuzz tests that read it try more.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED ?? 20261202) });
