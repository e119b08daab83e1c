import type { Schedule } from '@ess/contract'
import { and, desc, eq, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { Database, DatabaseHandle } from '../../db/client'
import { cmsSchedule } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { inTransaction } from '../../infra/notifier/queue'
import { AppError } from '../../lib/app-error'
import type { ContentAudit } from './audit-port'
import { invalidatePages } from './service'

/** The pg-boss queue of planned content changes; a job names its cms_schedule row. */
export const SCHEDULE_QUEUE = 'cms-schedule'
interface ScheduleJob {
  scheduleId: number
}

type Row = typeof cmsSchedule.$inferSelect
export type ScheduleRow = Row

/**
 * What a planned change does when it runs, in the run's transaction: answers the pages whose read
 * cache every gateway must drop after the commit. Registered per resource type and action by the
 * module that owns the resource.
 */
export type ScheduledAction = (tx: Database, row: Row, audit: ContentAudit) => Promise<string[]>

export interface SchedulerOptions {
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>
  kv: Kv
  now: () => Date
  log: FastifyBaseLogger
  /** The audit of a run: the operator who planned it is the actor (no request at run time). */
  auditOf: (row: Row) => ContentAudit
  /** How often an idle worker asks for due jobs (pg-boss: at least 0.5 s). */
  pollMs?: number
}

export interface ContentScheduler {
  /** Handlers of the planned changes, by `<resourceType>.<action>`. */
  handle(resourceType: Row['resourceType'], action: Row['action'], run: ScheduledAction): void
  /**
   * Starts the job store if it is not: call it BEFORE opening the transaction of a plan (PGlite is
   * one connection: pg-boss's start-up statements would wait for that transaction forever).
   */
  prepare(): Promise<void>
  /** Plans a change inside the caller's transaction (row and pg-boss job commit or roll back together). */
  plan(tx: Database, input: Pick<Row, 'resourceType' | 'resourceId' | 'action' | 'runAt' | 'snapshot' | 'createdBy' | 'createdRoles'>): Promise<Schedule>
  cancel(tx: Database, where: { id: number; resourceType: Row['resourceType']; resourceId: string }): Promise<Schedule>
  list(db: Database, resourceType: Row['resourceType'], resourceId: string): Promise<Schedule[]>
  /**
   * Runs a planned change if it is still pending and due: the row leaves `pending` with one
   * conditional UPDATE inside the change's transaction, so a job delivered twice, or taken by two
   * gateways, applies once. A refusal (say the draft became what is live) marks it failed.
   */
  run(id: number): Promise<'done' | 'failed' | 'skipped'>
  /** Starts the job store and this gateway's worker (also started by the first plan). */
  start(): Promise<void>
  stop(): Promise<void>
  /** Called after each run this gateway made (tests wait on it). */
  onRun?: (id: number, outcome: 'done' | 'failed' | 'skipped') => void
}

export const scheduleView = (row: Row): Schedule => ({
  id: row.id,
  resourceType: row.resourceType,
  resourceId: row.resourceId,
  action: row.action,
  runAt: row.runAt.toISOString(),
  state: row.state,
  createdBy: row.createdBy,
  error: row.error,
})

/**
 * Planned publishes and unpublishes on pg-boss (the send queue's job store, GUIDE §7): the job is
 * written with the plan in one transaction and becomes due at `runAt` (pg-boss's startAfter, the
 * database's clock); any gateway's worker may take it. pg-boss starts with the first plan, or at
 * start when something is still pending, so a gateway with nothing planned runs no worker.
 */
export function createContentScheduler(options: SchedulerOptions): ContentScheduler {
  const { database, kv, log } = options
  const handlers = new Map<string, ScheduledAction>()
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schedule: false, supervise: true })
  boss.on('error', (error) => log.error({ err: error }, 'content scheduler error'))
  let ready: Promise<void> | undefined

  const started = () =>
    (ready ??= (async () => {
      await boss.start()
      if (!(await boss.getQueue(SCHEDULE_QUEUE))) {
        await boss.createQueue(SCHEDULE_QUEUE, { name: SCHEDULE_QUEUE, retryLimit: 3, retryDelay: 30, retryBackoff: true }).catch(async (error: unknown) => {
          if (!(await boss.getQueue(SCHEDULE_QUEUE))) throw error
        })
      }
      await boss.work<ScheduleJob>(SCHEDULE_QUEUE, { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, (options.pollMs ?? 2000) / 1000) }, async ([job]) => {
        await scheduler.run(job.data.scheduleId)
      })
    })())

  const scheduler: ContentScheduler = {
    handle(resourceType, action, run) {
      handlers.set(`${resourceType}.${action}`, run)
    },
    prepare: () => started(),
    async plan(tx, input) {
      if (!ready) throw new Error('content scheduler: prepare() before planning')
      await ready
      const [row] = await tx.insert(cmsSchedule).values({ ...input, state: 'pending', createdAt: options.now() }).returning()
      await boss.send(SCHEDULE_QUEUE, { scheduleId: row.id } satisfies ScheduleJob, { startAfter: row.runAt, singletonKey: `cms-schedule-${row.id}`, db: inTransaction(tx) })
      return scheduleView(row)
    },
    async cancel(tx, { id, resourceType, resourceId }) {
      const [row] = await tx
        .update(cmsSchedule)
        .set({ state: 'cancelled', doneAt: options.now() })
        .where(and(eq(cmsSchedule.id, id), eq(cmsSchedule.resourceType, resourceType), eq(cmsSchedule.resourceId, resourceId), eq(cmsSchedule.state, 'pending')))
        .returning()
      if (row) return scheduleView(row)
      const [found] = await tx.select({ id: cmsSchedule.id }).from(cmsSchedule).where(and(eq(cmsSchedule.id, id), eq(cmsSchedule.resourceType, resourceType), eq(cmsSchedule.resourceId, resourceId)))
      throw new AppError(found ? 'SCHEDULE_NOT_PENDING' : 'CONTENT_NOT_FOUND')
    },
    async list(db, resourceType, resourceId) {
      const rows = await db
        .select()
        .from(cmsSchedule)
        .where(and(eq(cmsSchedule.resourceType, resourceType), eq(cmsSchedule.resourceId, resourceId)))
        .orderBy(desc(cmsSchedule.id))
        .limit(50)
      return rows.map(scheduleView)
    },
    async run(id) {
      let outcome: 'done' | 'failed' | 'skipped'
      try {
        const pages = await database.db.transaction(async (tx) => {
          const now = options.now()
          const [row] = await tx
            .update(cmsSchedule)
            .set({ state: 'done', doneAt: now })
            .where(and(eq(cmsSchedule.id, id), eq(cmsSchedule.state, 'pending'), lte(cmsSchedule.runAt, now)))
            .returning()
          if (!row) return undefined
          const handler = handlers.get(`${row.resourceType}.${row.action}`)
          if (!handler) throw new Error(`no handler of planned ${row.resourceType}.${row.action}`)
          return handler(tx, row, options.auditOf(row))
        })
        if (pages) await invalidatePages(kv, pages)
        outcome = pages ? 'done' : 'skipped'
      } catch (error) {
        // The change and its row rolled back together; the plan is marked failed with the reason.
        if (!(error instanceof AppError)) log.error({ err: error, scheduleId: id }, 'planned content change failed')
        const reason = error instanceof AppError ? error.errorCode : 'SERVER_ERROR'
        const failed = await database.db
          .update(cmsSchedule)
          .set({ state: 'failed', doneAt: options.now(), error: reason })
          .where(and(eq(cmsSchedule.id, id), eq(cmsSchedule.state, 'pending')))
          .returning({ id: cmsSchedule.id })
        outcome = failed.length ? 'failed' : 'skipped'
      }
      scheduler.onRun?.(id, outcome)
      return outcome
    },
    async start() {
      const [pending] = await database.db.select({ id: cmsSchedule.id }).from(cmsSchedule).where(eq(cmsSchedule.state, 'pending')).limit(1)
      if (pending) await started()
    },
    async stop() {
      if (!ready) return
      await ready.catch(() => {})
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 })
    },
  }
  return scheduler
}
