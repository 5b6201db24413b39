import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Database tests run once per target: the embedded PostgreSQL always, and an external
// PostgreSQL when KASSA_TEST_DATABASE_URL names one (CI: both).
// A query sent to the pool from inside one of its transactions throws at once (src/platform/db.ts).
const STRICT = { KASSA_STRICT_TX: '1' };

// The test files of a project share their worker process (isolate: false, here and in the
// project): the app's modules are imported once per worker, not once per file (about a second of
// CPU a file on a 2-core machine, the largest cost of a database test file). Each file still has
// its own database and app, so module-level state must be per app, never per process (as in
// src/payments/processors/stripe/processor.ts). Projects never share a worker.
//
// A test that measures the process's own memory (memory.test.ts, *.memory.test.ts, or listed
// here) runs in a process of its own (a project of its own), where no other file's garbage counts.
const UNIT_DIRS = ['src', 'bench', 'scripts'];
const MEMORY_TESTS = [
  ...UNIT_DIRS.flatMap((d) => [`${d}/**/memory.test.ts`, `${d}/**/*.memory.test.ts`]),
  // Its bounded-memory test comes after the file's other tests, as it was measured.
  'src/shipping/labels/render.test.ts',
];
// Files of a project run in as many workers as the machine has cores, at least two: a database
// or end-to-end file mostly waits (for a server it started, a lease to expire, PostgreSQL), so two
// overlap their waits even on 2 cores (db:embedded took 245 s in one worker, 90% of one core busy).
// Projects still run one after another. minWorkers = maxWorkers: with fewer, tinypool ends idle
// workers mid-run and vitest 3 reports "Terminating worker thread" as an unhandled rejection,
// losing the run's summary (seen with 1 and 3).
const WORKERS = Math.max(2, availableParallelism());

const memoryTestFiles = MEMORY_TESTS.flatMap((m) => globSync(m, { cwd: fileURLToPath(new URL('.', import.meta.url)) })).sort();

const dbProject = (name: string) => ({
  test: {
    name,
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    // The server the tests spawn, compiled once for the run (server-build.ts).
    globalSetup: ['test/setup/database.ts', 'test/setup/server-build.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: STRICT,
  },
});

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    isolate: false,
    maxWorkers: WORKERS,
    minWorkers: WORKERS,
    projects: [
      { test: { name: 'unit', include: UNIT_DIRS.map((d) => `${d}/**/*.test.ts`), exclude: MEMORY_TESTS, isolate: false, env: STRICT } },
      // `--project 'unit*'` runs them with the unit project.
      ...memoryTestFiles.map((file) => ({ test: { name: `unit:memory:${file.replace(/^src\//, '').replace(/\.test\.ts$/, '')}`, include: [file], env: STRICT } })),
      dbProject('db:embedded'),
      ...(process.env.KASSA_TEST_DATABASE_URL ? [dbProject('db:postgres')] : []),
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/setup/database.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: STRICT,
        },
      },
    ],
  },
});
