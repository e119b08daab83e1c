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
    // Some tests build an app of their own in the test (a console-less gateway, the heap check, the
    // OAuth stand-in's wiring): 20 s ran out for three of them on 2026-11-27 while the portal built
    // beside the suite, as CI does. A guard, not a measure.
    testTimeout: 60_000,
    // A new app per file takes seconds; on a shared, loaded 2-core machine more than 30 s at times.
    hookTimeout: 90_000,
    // Vitest's default on 2 cores is one worker; the files wait on app starts, databases and child
    // processes, so two keep both cores busy (fresh-clone suite: 294 → 266 s in one measurement).
    maxWorkers: 2,
    minWorkers: 1,
  },
})
