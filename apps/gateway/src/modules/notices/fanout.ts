import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { Database, DatabaseHandle } from '../../db/client'
import { notice, noticeBatch, noticeRecipient } from '../../db/schema'
import { ensureQueue, inTransaction } from '../../infra/notifier/queue'
import { PUSH_KINDS, type PushKind } from '@ess/contract'
import { type SubscribeSetup, queueSubscribeMessages } from './wechat'

/** The pg-boss queue of the fan-outs: a job names a batch whose inbox rows are still to write. */
export const FANOUT_QUEUE = 'notice-fanout'
interface FanoutJob {
  batchId: string
}

export interface FanoutOptions {
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>
  /** Inbox rows written per transaction: what a crash can leave to redo (NOTICE_FANOUT_CHUNK). */
  chunk: number
  /** How long a gateway may hold a fan-out before another takes it over (pg-boss job expiry). */
  leaseS: number
  pollMs: number
  now: () => Date
  log: FastifyBaseLogger
  /** WeChat subscribe messages beside the inbox rows (a mini-program configured). */
  subscribe?: SubscribeSetup
}

export interface Fanout {
  /** Queues the fan-out of a batch in the transaction that wrote it (started() must have resolved). */
  enqueue(tx: Database, batchId: string): Promise<void>
  /** The job store and this gateway's worker. */
  started(): Promise<void>
  /** Starts the worker now if a batch is left unfinished (a gateway that died mid-fan-out). */
  resume(): Promise<void>
  /** Asks this gateway's worker to look for jobs now (after the transaction of `enqueue` committed). */
  wake(): void
  /** Stops the worker after the fan-out in hand; what is left stays queued. */
  stop(): Promise<void>
}

/**
 * The fan-out of notices into the inboxes, on pg-boss like the send queue: the request writes the
 * batch, its recipients and a job in one transaction; a worker in any gateway takes the job
 * (SKIP LOCKED: one gateway at a time) and writes the inbox rows in chunks, each chunk with its
 * recipients' state in one transaction. The unique (batch, user) index of `notice` makes a chunk
 * written twice — by a gateway that died after its commit, its job then retried by another after
 * the lease — land once. The boss starts at the first batch (or at boot when one is unfinished),
 * so a gateway that never sends a notice runs no worker for it.
 */
export function createFanout(options: FanoutOptions): Fanout {
  const { database, log } = options
  const { db } = database
  const jobOptions = { retryLimit: 10, retryDelay: 1, retryBackoff: true, expireInSeconds: options.leaseS }
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: Math.min(10, options.leaseS),
  })
  boss.on('error', (error) => log.error({ err: error }, 'notice fan-out queue error'))
  let ready: Promise<string> | undefined

  const started = () => {
    ready ??= (async () => {
      await boss.start()
      await ensureQueue(boss, FANOUT_QUEUE, jobOptions)
      return boss.work<FanoutJob>(FANOUT_QUEUE, { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, options.pollMs / 1000) }, ([job]) => fanOut(job.data.batchId))
    })()
    return ready
  }

  /** Writes the inbox rows of a batch's pending recipients, chunk by chunk, then marks the batch done. */
  async function fanOut(batchId: string): Promise<void> {
    const [batch] = await db.select().from(noticeBatch).where(eq(noticeBatch.id, batchId))
    if (!batch || batch.fannedOutAt) return
    // Only the push kinds have a subscribe template (a system or security notice goes to the inbox only).
    const pushKind = (PUSH_KINDS as readonly string[]).includes(batch.kind) ? (batch.kind as PushKind) : undefined
    const subscribe = pushKind && options.subscribe?.templates[pushKind] ? options.subscribe : undefined
    // pg-boss's statements of the send queue must not wait behind the chunk's transaction (PGlite).
    if (subscribe) await subscribe.notifier.start()
    for (;;) {
      const pending = await db
        .select({ position: noticeRecipient.position, userId: noticeRecipient.userId })
        .from(noticeRecipient)
        .where(and(eq(noticeRecipient.batchId, batchId), eq(noticeRecipient.inbox, 'pending')))
        .orderBy(asc(noticeRecipient.position))
        .limit(options.chunk)
      if (!pending.length) break
      await db.transaction(async (tx) => {
        const users = pending.flatMap((row) => (row.userId ? [row.userId] : []))
        if (users.length) {
          await tx
            .insert(notice)
            .values(
              users.map((userId) => ({
                userId,
                batchId,
                kind: batch.kind,
                titleZh: batch.titleZh,
                titleEn: batch.titleEn,
                bodyZh: batch.bodyZh,
                bodyEn: batch.bodyEn,
                target: batch.target,
                createdAt: batch.createdAt,
              })),
            )
            .onConflictDoNothing()
        }
        const positions = pending.map((row) => row.position)
        await tx
          .update(noticeRecipient)
          .set({ inbox: sql`case when ${noticeRecipient.userId} is null then 'skipped' else 'delivered' end` })
          .where(and(eq(noticeRecipient.batchId, batchId), inArray(noticeRecipient.position, positions)))
        if (subscribe && pushKind && users.length) {
          // One accept = one message: those who subscribed but have none left are `skipped` on WeChat.
          const { queued: messages, exhausted } = await queueSubscribeMessages(tx, subscribe, { ...batch, kind: pushKind }, users, options.now())
          if (exhausted.size) {
            await tx
              .update(noticeRecipient)
              .set({ wechat: 'skipped' })
              .where(and(eq(noticeRecipient.batchId, batchId), inArray(noticeRecipient.position, positions), inArray(noticeRecipient.userId, [...exhausted])))
          }
          if (messages.size) {
            const list = JSON.stringify([...messages].map(([u, m]) => ({ u, m })))
            await tx.execute(sql`
              update ${noticeRecipient} set wechat = 'pending', wechat_message_id = sent.m
              from jsonb_to_recordset(${list}::jsonb) as sent(u uuid, m integer)
              where ${noticeRecipient.batchId} = ${batchId} and ${noticeRecipient.userId} = sent.u and ${inArray(noticeRecipient.position, positions)}`)
          }
        }
      })
      if (subscribe) subscribe.notifier.wake()
      log.debug({ batchId, written: pending.length }, 'notice fan-out chunk written')
      // PGlite runs in this thread: without a turn of the event loop between chunks, a long
      // fan-out held every request (and the log) until its end.
      await new Promise((resolve) => setImmediate(resolve))
    }
    await db.update(noticeBatch).set({ fannedOutAt: options.now() }).where(and(eq(noticeBatch.id, batchId), isNull(noticeBatch.fannedOutAt)))
    log.info({ batchId }, 'notice fanned out')
  }

  return {
    async enqueue(tx, batchId) {
      await boss.send(FANOUT_QUEUE, { batchId } satisfies FanoutJob, { ...jobOptions, db: inTransaction(tx) })
    },
    wake() {
      ready?.then((worker) => boss.notifyWorker(worker)).catch(() => {})
    },
    async started() {
      await started()
    },
    async resume() {
      const [left] = await db.select({ id: noticeBatch.id }).from(noticeBatch).where(isNull(noticeBatch.fannedOutAt)).limit(1)
      if (left) await started()
    },
    async stop() {
      if (!ready) return
      await ready.catch(() => {})
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.leaseS * 1000 })
    },
  }
}
