// The stores a gateway process runs on in the process tests: a PGlite data dir always, and a
// PostgreSQL database of its own (copied from the migrated template) when DATABASE_URL is set.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { type DatabaseHandle, pgliteDatabase, postgresDatabase } from '../../src/db/client'
import { databaseUrl } from './database-url'
import { type GatewayProcess, startGatewayProcess } from './process'
import { adminQuery } from './stores'

export interface Store {
  env: Record<string, string>
  /** The database opened by the test itself (no gateway running). */
  open(): Promise<DatabaseHandle>
  cleanup(): Promise<void>
}

async function pgliteStore(dataDir: string): Promise<Store> {
  return {
    env: { DATA_DIR: dataDir },
    open: async () => pgliteDatabase(await PGlite.create(path.join(dataDir, 'pglite'))),
    cleanup: async () => {},
  }
}

async function postgresStore(dataDir: string): Promise<Store> {
  const name = `ess_crash_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(`create database ${name} template ${inject('pgTemplate')}`)
  const url = databaseUrl(process.env.DATABASE_URL as string, name)
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url, ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) },
    open: async () => postgresDatabase(new pg.Pool({ connectionString: url, max: 1 }), () => {}),
    cleanup: () => adminQuery(`drop database if exists ${name} with (force)`),
  }
}

export const stores: Array<[string, (dataDir: string) => Promise<Store>]> = [['PGlite', pgliteStore]]
if (process.env.DATABASE_URL && inject('pgTemplate')) stores.push(['PostgreSQL', postgresStore])


/**
 * The harness of a process test on one store (the crash, send-queue and fan-out tests): a data dir
 * of its own with the store in it, and after the describe every gateway process started through it
 * SIGKILLed, the store dropped and the dir removed. Call in the describe's body.
 */
export function processHarness(prefix: string, makeStore: (dataDir: string) => Promise<Store>) {
  const running: GatewayProcess[] = []
  let dataDir: string | undefined
  let store: Store | undefined
  afterAll(async () => {
    for (const gateway of running) gateway.child.kill('SIGKILL')
    await Promise.all(running.map((gateway) => gateway.exit))
    await store?.cleanup()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return {
    async open(): Promise<{ dataDir: string; store: Store }> {
      dataDir = await mkdtemp(path.join(os.tmpdir(), prefix))
      store = await makeStore(dataDir)
      return { dataDir, store }
    },
    start(env: Record<string, string>): GatewayProcess {
      const gateway = startGatewayProcess(env)
      running.push(gateway)
      return gateway
    },
  }
}
