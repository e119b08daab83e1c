// The fan-out of the notices API (issue 35) across processes: a gateway SIGKILLed mid-fan-out and
// one restarted on the same data finish it, every queued employee with exactly one inbox row (on
// PGlite always, on PostgreSQL + Redis too when DATABASE_URL is set); two gateways on one
// PostgreSQL, one Redis and one KEYS_DIR each take notices, and every inbox gets each once.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { NoticeDelivery, SentNotice } from '@ess/contract'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it, inject } from 'vitest'
import { loadAppSecret } from '../src/modules/grant/service'
import { postgresDatabase } from '../src/db/client'
import type { Database } from '../src/db/client'
import { databaseUrl } from './helpers/database-url'
import { type SeededEmployee, openRequest, seedEmployees } from './helpers/notices'
import { processHarness, stores } from './helpers/process-stores'
import { type GatewayProcess, startGatewayProcess } from './helpers/process'
import { adminQuery } from './helpers/stores'

/** A signed call of the notices API to a gateway process; answers the payload (throws on a refusal). */
async function openHttp<T>(url: string, secret: string, method: 'GET' | 'POST', route: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  const request = openRequest(method, route, body, { secret, idempotencyKey })
  const answer = await fetch(`${url}${request.url}`, { method, headers: request.headers, body: request.payload })
  const envelope = (await answer.json()) as { code: number; data: { data: T } }
  if (envelope.code !== 200) throw new Error(`${answer.status} ${JSON.stringify(envelope)}`)
  return envelope.data.data
}

const salaryTo = (people: SeededEmployee[], month: string) => ({
  kind: 'salary',
  templateId: 'salaryPaid',
  params: { month },
  recipients: people.map(({ companyCode, employeeNo }) => ({ companyCode, employeeNo })),
})

/** Inbox rows per (batch, user) of these batches: [rows in all, distinct pairs]. */
async function inboxRows(db: Database, batchIds: string[]): Promise<{ rows: number; pairs: number; perBatch: Record<string, number> }> {
  const result = (await db.execute(
    sql`select batch_id as "batchId", count(*)::int as n, count(distinct user_id)::int as users from notice where batch_id in (${sql.join(
      batchIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) group by batch_id`,
  )) as unknown as { rows: Array<{ batchId: string; n: number; users: number }> }
  return {
    rows: result.rows.reduce((sum, row) => sum + row.n, 0),
    pairs: result.rows.reduce((sum, row) => sum + row.users, 0),
    perBatch: Object.fromEntries(result.rows.map((row) => [row.batchId, row.n])),
  }
}

describe.each(stores)('a gateway SIGKILLed mid-fan-out, on %s', (_name, makeStore) => {
  const harness = processHarness('ess-fanout-', makeStore)

  it('is finished by the gateway started next: every queued employee gets the notice exactly once', async () => {
    const { dataDir, store } = await harness.open()
    // Small chunks (many commits to fall between) and a short lease (the job is taken over soon).
    const env = { ...store.env, NOTICE_FANOUT_CHUNK: '5', NOTICE_FANOUT_LEASE_S: '2', NOTIFIER_POLL_MS: '500' }
    // A first start migrates the database; the roster is then written while no gateway holds it.
    const first = harness.start(env)
    await first.url
    first.child.kill('SIGTERM')
    await first.exit
    const db = await store.open()
    const people = await seedEmployees(db.db, 1000)
    await db.close()

    // SIGKILL at the first chunk it reports written (debug log): the others are not yet.
    const second = harness.start({ ...env, LOG_LEVEL: 'debug' })
    const url = await second.url
    const killed = new Promise<void>((resolve) => {
      second.child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('notice fan-out chunk written')) {
          second.child.kill('SIGKILL')
          resolve()
        }
      })
    })
    const secret = loadAppSecret(path.join(dataDir, 'keys'), 'notice-app-payroll.secret')
    const key = `salary-2026-11-${randomBytes(4).toString('hex')}`
    // The kill may come before the answer is out (PGlite answers slower): the caller then retries
    // with its Idempotency-Key on the gateway started next, which answers the notice accepted.
    const answered = await openHttp<SentNotice>(url, secret, 'POST', '/notices', salaryTo(people, '2026-11'), key).catch(() => undefined)
    await killed
    await second.exit
    const between = await store.open()
    try {
      const written = (await between.db.execute(
        sql`select count(*)::int as n from notice_recipient r join notice_batch b on b.id = r.batch_id where b.idempotency_key = ${key} and r.inbox = 'delivered'`,
      )) as unknown as { rows: Array<{ n: number }> }
      expect(written.rows[0].n).toBeGreaterThan(0)
      expect(written.rows[0].n).toBeLessThan(1000)
    } finally {
      await between.close()
    }

    const third = harness.start(env)
    const restarted = await third.url
    const sent = await openHttp<SentNotice>(restarted, secret, 'POST', '/notices', salaryTo(people, '2026-11'), key)
    expect(sent.queued).toBe(1000)
    if (answered) expect(sent).toEqual(answered)
    const end = Date.now() + 60_000
    for (;;) {
      const state = await openHttp<NoticeDelivery>(restarted, secret, 'GET', `/notices/${sent.id}`)
      if (state.complete) {
        expect(state.recipients.every((r) => r.inbox === 'delivered')).toBe(true)
        break
      }
      if (Date.now() > end) throw new Error(`the fan-out was not taken over:\n${third.lines.slice(-30).join('\n')}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    third.child.kill('SIGTERM')
    await third.exit
    const check = await store.open()
    try {
      expect(await inboxRows(check.db, [sent.id])).toEqual({ rows: 1000, pairs: 1000, perBatch: { [sent.id]: 1000 } })
    } finally {
      await check.close()
    }
  }, 180_000)
})

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL)

describe.runIf(enabled)('two gateways on one PostgreSQL, one Redis and one KEYS_DIR', () => {
  const name = `ess_fanout_${process.pid}_${randomBytes(4).toString('hex')}`
  const dirs: string[] = []
  const gateways: GatewayProcess[] = []
  afterAll(async () => {
    for (const gateway of gateways) gateway.child.kill('SIGTERM')
    await Promise.all(gateways.map((gateway) => gateway.exit))
    await adminQuery(`drop database if exists ${name} with (force)`)
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('fan out the notices either takes, each inbox row once; a retried call on the other gateway is the first one', async () => {
    await adminQuery(`create database ${name} template ${inject('pgTemplate')}`)
    const url = databaseUrl(process.env.DATABASE_URL as string, name)
    const keysDir = await mkdtemp(path.join(os.tmpdir(), 'ess-keys-'))
    dirs.push(keysDir)
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ess-fanout-'))
      dirs.push(dataDir)
      gateways.push(
        startGatewayProcess({ DATA_DIR: dataDir, KEYS_DIR: keysDir, DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL as string, NOTICE_FANOUT_CHUNK: '25', NOTIFIER_POLL_MS: '500' }),
      )
    }
    const [a, b] = await Promise.all(gateways.map((gateway) => gateway.url))
    const pool = new pg.Pool({ connectionString: url, max: 2 })
    const db = postgresDatabase(pool, () => {})
    try {
      const people = await seedEmployees(db.db, 300)
      const secret = loadAppSecret(keysDir, 'notice-app-payroll.secret')
      // Six notices at once, three through each gateway; the first also retried on the other.
      const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']
      const sent = await Promise.all(months.map((month, i) => openHttp<SentNotice>(i % 2 ? b : a, secret, 'POST', '/notices', salaryTo(people, month), `fanout-${name}-${month}`)))
      const retried = await openHttp<SentNotice>(b, secret, 'POST', '/notices', salaryTo(people, months[0]), `fanout-${name}-${months[0]}`)
      expect(retried).toEqual(sent[0])
      const ids = sent.map((s) => s.id)
      const end = Date.now() + 60_000
      for (const id of ids) {
        for (;;) {
          if ((await openHttp<NoticeDelivery>(a, secret, 'GET', `/notices/${id}`)).complete) break
          if (Date.now() > end) throw new Error('a fan-out did not end')
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      const counts = await inboxRows(db.db, ids)
      expect(counts).toEqual({ rows: 1800, pairs: 1800, perBatch: Object.fromEntries(ids.map((id) => [id, 300])) })
      const batches = (await db.db.execute(sql`select count(*)::int as n from notice_batch where idempotency_key like ${`fanout-${name}-%`}`)) as unknown as { rows: Array<{ n: number }> }
      expect(batches.rows[0].n).toBe(6)
    } catch (error) {
      // What the gateways logged as errors goes with the failure (a 500 in CI says nothing alone).
      const logged = gateways.flatMap((gateway) => gateway.lines.filter((line) => /"level":(50|60)/.test(line)))
      if (logged.length && error instanceof Error) error.message += `\ngateway errors:\n${logged.join('\n')}`
      throw error
    } finally {
      await db.close()
    }
  }, 180_000)
})
