// Several gateways starting at once on an empty PostgreSQL database (issue 36): each runs the
// migrator at start (plugins/infra.ts); the advisory lock around it has them apply each migration
// once, the others finding it done; pg-boss's job store is installed there too. Runs when DATABASE_URL is set.
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { adminQuery } from '../../test/helpers/stores'
import { databaseUrl } from '../../test/helpers/database-url'
import { migrationsDir } from '../paths'
import { type DatabaseHandle, postgresDatabase } from './client'

const GATEWAYS = 4

describe.runIf(process.env.DATABASE_URL)('migrations of gateways starting together on an empty PostgreSQL', () => {
  const name = `ess_migrate_${process.pid}_${randomBytes(4).toString('hex')}`
  const handles: DatabaseHandle[] = []
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()))
    await adminQuery(`drop database if exists ${name} with (force)`)
  })

  it('applies each migration once, and every gateway starts', async () => {
    await adminQuery(`create database ${name}`)
    const url = databaseUrl(process.env.DATABASE_URL as string, name)
    for (let i = 0; i < GATEWAYS; i++) handles.push(postgresDatabase(new pg.Pool({ connectionString: url, max: 2 }), () => {}))
    const results = await Promise.allSettled(handles.map((handle) => handle.migrate()))
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])

    const files = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql'))
    const { rows } = await handles[0].executeSql('select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations')
    expect(rows[0]).toEqual({ applied: files.length, distinct: files.length })
    // And the schema is whole: a table of the latest migrations answers.
    await handles[1].executeSql("select count(*) from outbox_message where state <> 'delivered'")
    // pg-boss's job store is installed under the same lock, once: its bosses start without racing.
    const { rows: boss } = await handles[2].executeSql('select count(*)::int as versions from pgboss.version')
    expect(boss[0]).toEqual({ versions: 1 })
  })
})
