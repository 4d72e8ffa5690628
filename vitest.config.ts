import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { SummaryLine } from './scripts/vitest-summary.ts';

/**
 * One runner, four projects. `npm test` runs them all; `.ci/run` repeats the
 * server project on PostgreSQL (DATABASE_URL).
 */
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

export default defineConfig({
  test: {
    reporters: ['default', new SummaryLine()],
    // A worker per core (Vitest's default leaves one free): the API tests spend much of their time
    // waiting on sockets, SQLite and timers, so on the 2-core CI machine two at a time finish the
    // server project in about half the time of one. The e2e project stays at one file at a time.
    // On PostgreSQL, one file at a time: the files share one database, and Kysely's migrator reads
    // every schema's tables, which fails when another file drops its schema at that moment.
    maxWorkers: onPostgres ? 1 : os.availableParallelism(),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Files share their worker's modules: each file imported the whole server anew (about a
          // second a file, most of the project's time). Every file builds its own app on its own
          // database, and none mocks a module, so nothing a file does carries over to the next.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}', 'packages/web/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
