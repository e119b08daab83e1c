import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { pgliteDatabase, postgresDatabase } from '../src/db/client'
import { databaseUrl } from './helpers/database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir (tar), loaded by each test file into its own memory:// database. */
    pgliteSnapshot: string
    /** With DATABASE_URL: a migrated database each test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string | null
  }
}

export default async function setup(project: TestProject) {
  const snapshot = path.join(os.tmpdir(), `ess-gateway-pglite-${process.pid}.tar`)
  const client = await PGlite.create()
  const pglite = pgliteDatabase(client)
  await pglite.migrate()
  await writeFile(snapshot, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
  await pglite.close()
  project.provide('pgliteSnapshot', snapshot)

  const base = process.env.DATABASE_URL
  let template: string | null = null
  if (base) {
    template = `ess_test_tpl_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database ${template}`)
    await admin.end()
    const database = postgresDatabase(new pg.Pool({ connectionString: databaseUrl(base, template), max: 1 }), () => {})
    await database.migrate()
    await database.close()
  }
  project.provide('pgTemplate', template)

  return async () => {
    await rm(snapshot, { force: true })
    if (base && template) {
      const admin = new pg.Client({ connectionString: base })
      await admin.connect()
      await admin.query(`drop database if exists ${template} with (force)`)
      await admin.end()
    }
  }
}
