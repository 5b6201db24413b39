import { defineConfig } from 'vitest/config';

// Database tests run once per target: the embedded PostgreSQL always, and an external
// PostgreSQL when KASSA_TEST_DATABASE_URL names one (CI: both).
// A query sent to the pool from inside one of its transactions throws at once (src/platform/db.ts).
const STRICT = { KASSA_STRICT_TX: '1' };

const dbProject = (name: string) => ({
  test: {
    name,
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    globalSetup: ['test/setup/database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: STRICT,
  },
});

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'], env: STRICT } },
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
