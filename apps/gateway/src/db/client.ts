import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { migrationsDir } from '../paths'
import { acquireDirLock } from './dir-lock'
import { withNamedStatements } from './pglite-statements'
import * as schema from './schema'

/** The database every query function takes, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Database
  /** Applies the migrations folder (idempotent). */
  migrate(): Promise<void>
  ping(): Promise<void>
  /**
   * Plain SQL for a library that writes its own (pg-boss, the send queue's job store): `$n`
   * parameters, or several statements in one text when there are none (its schema).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  /**
   * Reports the time of every statement from now on (the metrics, when on). PostgreSQL only: PGlite
   * is the one-process default, where the request histogram already holds its time.
   */
  observeQueries(observe: (seconds: number) => void): void
  close(): Promise<void>
}

const options = { schema, casing: 'snake_case' } as const
const migrations = { migrationsFolder: migrationsDir }
/** Serialises migrations of gateways starting together on one PostgreSQL database. */
const MIGRATION_LOCK_ID = 4_213_370_001
/** pg-boss's default schema, where both job queues live. */
const JOB_STORE_SCHEMA = 'pgboss'

export function pgliteDatabase(client: PGlite, release: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite({ client: withNamedStatements(client), ...options })
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, migrations),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    // PGlite's query() is one prepared statement; exec() runs a script (and answers its last result).
    executeSql: async (text, values = []) =>
      values.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    observeQueries: () => {},
    close: async () => {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

export function postgresDatabase(pool: pg.Pool, onIdleError: (error: Error) => void): DatabaseHandle {
  // An idle connection that breaks (server restart) is dropped by the pool; report, do not crash.
  pool.on('error', onIdleError)
  const db = drizzlePg({ client: pool, ...options })
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      const connection = await pool.connect()
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        await migratePg(drizzlePg({ client: connection, ...options }), migrations)
        // pg-boss (the send queue and the notices' fan-out) installs its schema at its first start,
        // but two gateways starting it at once on an empty database race on CREATE SCHEMA and one
        // fails with a unique violation pg-boss does not take for the race it tolerates (the
        // 2026-11-27 CI run: a 500 on the first notice). Installed here, under the lock, the
        // bosses find it there.
        const installed = await connection.query(`select to_regclass('${JOB_STORE_SCHEMA}.version') is not null as installed`)
        if (!installed.rows[0].installed) await connection.query(PgBoss.getConstructionPlans(JOB_STORE_SCHEMA))
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
        connection.release()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    executeSql: (text, values) => pool.query(text, values),
    // Every statement runs on a client the pool hands out (pool.query too): each is timed from its
    // first hand-out, so nothing is wrapped, and nothing costs, until this is called.
    observeQueries: (observe) => pool.on('acquire', (client) => timeClient(client, observe)),
    close: () => pool.end(),
  }
}

const TIMED = Symbol('timed')

function timeClient(client: pg.PoolClient & { [TIMED]?: true }, observe: (seconds: number) => void) {
  if (client[TIMED]) return
  client[TIMED] = true
  const query = client.query as (...args: unknown[]) => unknown
  client.query = function timedQuery(this: pg.PoolClient, ...args: unknown[]) {
    const start = performance.now()
    const done = () => observe((performance.now() - start) / 1000)
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        done()
        return (callback as (...r: unknown[]) => unknown)(...results)
      }
      return query.apply(this, args)
    }
    const result = query.apply(this, args)
    if (result instanceof Promise) result.then(done, done)
    return result
  } as typeof client.query
}

/** PostgreSQL when a URL is given, else PGlite in `<dataDir>/pglite` (locked to this process). */
export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  onIdleError: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return postgresDatabase(new pg.Pool({ connectionString: config.databaseUrl, max: 10 }), onIdleError)
  }
  const dir = path.join(config.dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  const release = acquireDirLock(path.join(config.dataDir, 'pglite.lock'))
  try {
    return pgliteDatabase(await PGlite.create(dir), release)
  } catch (error) {
    release()
    throw error
  }
}
