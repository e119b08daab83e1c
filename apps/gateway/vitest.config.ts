import { defineConfig } from 'vitest/config'

/**
 * Each test file gets its own database: a PGlite `memory://` loaded from a snapshot migrated once
 * in the global setup, or, when DATABASE_URL is set, its own PostgreSQL database copied from a
 * migrated template. With REDIS_URL the KV tests run on Redis under a per-file key prefix.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // A new app per file takes seconds; on a shared, loaded 2-core machine more than 30 s at times.
    hookTimeout: 90_000,
    // Vitest's default on 2 cores is one worker; the files wait on app starts, databases and child
    // processes, so two keep both cores busy (fresh-clone suite: 294 → 266 s in one measurement).
    maxWorkers: 2,
    minWorkers: 1,
  },
})
