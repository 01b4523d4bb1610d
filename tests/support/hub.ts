/** Where the test hub runs and keeps its token: shared by the config and the tests. */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port of its own, so a running `npm start` is left alone. */
export const TEST_PORT = Number(process.env.VMARK_TEST_PORT ?? 7391);

/** VMARK_HOME of the test hub (its token file), the same in the runner and in every worker. */
export const TEST_HOME = join(tmpdir(), `vmark-test-home-${TEST_PORT}`);
mkdirSync(TEST_HOME, { recursive: true, mode: 0o700 });
