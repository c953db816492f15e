import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/vitest/longest-first';

// Solving starts worker threads from the optimizer's build: these projects build it first when stale.
const OPTIMIZER_BUILD = 'packages/optimizer/test/global-setup.mjs';
// The embedded database's test template, made once before the API files start side by side.
const API_TEMPLATE = 'apps/api/test/support/global-setup.ts';

// Tests that bound a duration live under test/latency/ of their package and run only in the
// latency project: one file at a time, after every other project, each bound at least 10 times
// the median measured (docs/testing.md). No other project reads the wall clock in an assertion.
const LATENCY = '**/test/latency/**';
const exclude = [...configDefaults.exclude, LATENCY];

// One test run, several projects. The API suite runs on the embedded database
// and, when TEST_DATABASE_URL is set, once more on a PostgreSQL server.
const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'api-pg',
          include: ['apps/api/test/**/*.test.ts'],
          exclude,
          globalSetup: [OPTIMIZER_BUILD],
          env: { TEST_DB: 'postgres' },
          // Side by side with the other projects, as the api project: a schema per test app.
          // A hook starts a server (and scale-out three child processes): 300 s bounds a hang.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ]
  : [];

// Files run side by side, at least two at a time. vitest's default is one fewer than the cores:
// one on the 2-core machines the suite runs on, so the whole suite ran one file at a time and the
// second core idled while a file waited on PostgreSQL, a child server or a solver thread
// (docs/testing.md, "Where the time goes"). No verdict depends on the machine's load; the
// latency project runs one file at a time, after the rest.
const WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // Long files start first, whatever their project, so no core idles at the end waiting on one.
    sequence: { sequencer: LongestFirst },
    // A timeout bounds a hang, not the machine's speed: vitest's default 5 s failed the domain's
    // property sweeps (10 to 16 s at load 40, 2026-11-29), so every project sets 60 s or more.
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/test/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/test/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'optimizer',
          include: ['packages/optimizer/test/**/*.test.ts'],
          exclude,
          globalSetup: [OPTIMIZER_BUILD],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude,
          globalSetup: [OPTIMIZER_BUILD, API_TEMPLATE],
          env: { TEST_DB: 'pglite' },
          // A worker imports the app once for all its files, not once per file (about 3 s each);
          // whole runs of both API projects pass so (docs/testing.md, "Where the time goes").
          isolate: false,
          testTimeout: 60_000,
          // A hook starts an app and seeds it, beside another file: 300 s bounds a hang, not speed.
          hookTimeout: 300_000,
        },
      },
      ...apiOnPostgres,
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'latency',
          include: [
            'packages/optimizer/test/latency/**/*.latency.test.ts',
            'apps/api/test/latency/**/*.latency.test.ts',
          ],
          globalSetup: [OPTIMIZER_BUILD, API_TEMPLATE],
          env: { TEST_DB: 'pglite' },
          fileParallelism: false,
          // After every other project, so nothing else shares the CPU with a timed test.
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          // As the api project's: a hook that starts an app bounds a hang, not speed.
          hookTimeout: 300_000,
        },
      },
      // Repository tooling (scripts/): lint rules, import cycles, deprecated packages, references.
      {
        test: {
          name: 'tooling',
          include: ['scripts/test/**/*.test.mjs'],
          // The api build's test starts an optimizer thread from the optimizer's build.
          globalSetup: [OPTIMIZER_BUILD],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          // Two files at a time, each on its worker's server and profile (e2e/support/provided.ts),
          // beside the other projects' files: on Chromium's headless shell one browser file keeps
          // about one core busy, and the project took 204 s against 334 s one file at a time
          // (docs/testing.md).
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          // A poll waits as long as a locator does (e2e/support/harness.ts), not vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
