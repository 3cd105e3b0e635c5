import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one alone on a two-core machine, where the
    // suite ran file after file in 20 min with a core half idle (its files wait on SQLite,
    // PostgreSQL, Redis and real timers; each has databases and keys of its own). Two forks fill
    // both cores (751 s); three saved little (705 s) and starved the suites that time a cluster's
    // presence and a tool call.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
