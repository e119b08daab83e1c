import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Redis } from 'ioredis'
import pg from 'pg'
import { inject } from 'vitest'
import { type DatabaseHandle, pgliteDatabase, postgresDatabase } from '../../src/db/client'
import type { Kv } from '../../src/infra/kv'
import { memoryKv } from '../../src/infra/kv/memory'
import { redisKv } from '../../src/infra/kv/redis'
import { databaseUrl } from './database-url'

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`

/** One statement on the PostgreSQL server of DATABASE_URL (create or drop a test database). */
export async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/**
 * A migrated database of its own: a PGlite memory:// database loaded from the snapshot, or with
 * DATABASE_URL a new PostgreSQL database copied from the migrated template, dropped on close.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgTemplate')
  if (!process.env.DATABASE_URL || !template) {
    const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))])
    return pgliteDatabase(await PGlite.create('memory://', { loadDataDir: snapshot }))
  }
  const name = uniqueName('ess_test')
  await adminQuery(`create database ${name} template ${template}`)
  const database = postgresDatabase(new pg.Pool({ connectionString: databaseUrl(process.env.DATABASE_URL, name), max: 4 }), () => {})
  return {
    ...database,
    close: async () => {
      await database.close()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

/** The in-memory KV, or with REDIS_URL a Redis KV under a key prefix of its own, emptied on close. */
export async function testKv(): Promise<Kv> {
  const url = process.env.REDIS_URL
  if (!url) return memoryKv()
  const prefix = `${uniqueName('ess-test')}:`
  const kv = await redisKv(url, { prefix }, () => {})
  return {
    ...kv,
    close: async () => {
      const admin = new Redis(url)
      try {
        const keys = await admin.keys(`${prefix}*`)
        if (keys.length) await admin.del(...keys)
      } finally {
        admin.disconnect()
        await kv.close()
      }
    },
  }
}
