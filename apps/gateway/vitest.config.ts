import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * Each test file gets its own database: a PGlite `memory://` loaded from a snapshot migrated once
 * in the global setup, or, when DATABASE_URL is set, its own PostgreSQL database copied from a
 * migrated template. With REDIS_URL the KV tests run on Redis under a per-file key prefix.
 *
 * The files share their worker's modules (`isolate: false`): isolated, every file was a new
 * process that loaded Fastify, Drizzle, PGlite and the gateway's code again, 2–3 s a file (the
 * summary's "collect": 210 s of a 473 s suite; sharing, 20 s of 324 s, same machine, 2026-11-29;
 * on PostgreSQL + Redis 373 s, all passing).
 * Each file's state is its own anyway (its app, database and KV are made in the file); what a module
 * keeps is a cache of constant things (keys, fonts, dictionaries). A file that replaces a module
 * (`vi.mock`) or the environment (`vi.stubEnv`, `vi.stubGlobal`) cannot share: it would get the
 * module another file loaded first, or leave its replacement to the next. Those files are found by
 * reading them and run isolated, in a project of their own, after the others: a new process that
 * loads the whole gateway again, ~18 s for one file. None does today: a test watches a function
 * through an object it can spy on and restore (password-hash.ts `argon2`) rather than replace a module.
 */
const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts']
const REPLACES_MODULES = /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/

const testFiles = ['src', 'test'].flatMap((dir) =>
  readdirSync(path.join(__dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/'))),
)
const isolated = testFiles.filter((file) => REPLACES_MODULES.test(readFileSync(path.join(__dirname, file), 'utf8')))

export default defineConfig({
  test: {
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
    // Vitest starts one pool for the run from the root's `isolate` (a project's own is not read
    // for its files); the isolated project runs as a group of its own after the others, where its
    // `isolate: true` holds (checked: password-login's vi.mock passes after other files in one worker).
    isolate: false,
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: isolated, sequence: { groupOrder: 0 } } },
      ...(isolated.length ? [{ extends: true as const, test: { name: 'isolated', include: isolated, isolate: true, sequence: { groupOrder: 1 } } }] : []),
    ],
  },
})
