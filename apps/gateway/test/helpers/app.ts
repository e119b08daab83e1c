import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import app, { serverOptions } from '../../src/app'
import { type Config, loadConfig } from '../../src/config'
import type { DatabaseHandle } from '../../src/db/client'
import type { Kv } from '../../src/infra/kv'
import { testDatabase, testKv } from './stores'

export interface TestApp {
  app: FastifyInstance
  config: Config
  database: DatabaseHandle
  kv: Kv
  /** Closes the app, then the stores and the temporary data dir (unless they were given). */
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (NODE_ENV=test, silent logs, a temp DATA_DIR). */
  env?: Record<string, string>
  database?: DatabaseHandle
  kv?: Kv
  /** The app's clock (see `testClock`); the system clock otherwise. */
  now?: () => Date
  /** Registers extra routes after the app (test-only routes). */
  extend?: (fastify: FastifyInstance) => void | Promise<void>
  /** Where the log lines go (with a LOG_LEVEL in `env`); stdout otherwise. */
  logStream?: NodeJS.WritableStream
}

/** The app as the server builds it, on a database and KV of this test file. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDataDir = options.env?.DATA_DIR ? undefined : await mkdtemp(path.join(os.tmpdir(), 'ess-gateway-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORTAL_DIR: path.join(os.tmpdir(), 'ess-gateway-no-portal'),
    CONSOLE_DIR: path.join(os.tmpdir(), 'ess-gateway-no-console'),
    // Every test calls from one address; the per-client limit has its own test (rate-limit.test.ts).
    PUBLIC_CALLS_PER_CLIENT_PER_MINUTE: '0',
    // A busy CI machine lags; the overload refusal has its own test (overload.test.ts).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...options.env,
  })
  const database = options.database ?? (await testDatabase())
  const kv = options.kv ?? (await testKv())
  // A loaded machine (helpers and their tests on two cores) starts the OpenAPI plugin in well over Fastify's 10 s.
  const server = { ...serverOptions(config), pluginTimeout: 120_000 }
  const fastify = Fastify(
    options.logStream ? { ...server, logger: { ...(server.logger as object), stream: options.logStream } } : server,
  )
  await fastify.register(fp(app), { config, database, kv, now: options.now })
  if (options.extend) await fastify.register(options.extend)
  await fastify.ready()
  return {
    app: fastify,
    config,
    database,
    kv,
    async close() {
      await fastify.close()
      if (!options.database) await database.close()
      if (!options.kv) await kv.close()
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true })
    },
  }
}
