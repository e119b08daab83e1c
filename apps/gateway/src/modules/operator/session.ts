import { randomBytes, timingSafeEqual } from 'node:crypto'
import { CONSOLE_SESSION_IDLE_MS, CONSOLE_SESSION_MAX_MS, CONSOLE_STEP_UP_MS } from '@ess/contract'
import type { Database } from '../../db/client'
import type { Kv } from '../../infra/kv'
import { sha256Hex } from '../../lib/digest'
import { endSessionRows, insertSession, listOpenSessions } from './queries'

/**
 * Console sessions, kept in the KV (Redis when set, so every gateway sees them): the cookie holds
 * `<id>.<secret>`; the KV record under the id holds the secret's SHA-256, the CSRF token, the
 * operator, the times and the step-up. A session ends CONSOLE_SESSION_IDLE_MS after its last call
 * or CONSOLE_SESSION_MAX_MS after the sign-in, whichever comes first, by the app's clock; the KV's
 * own expiry only cleans up. A row in `operator_session` lists it (and says when it ended).
 */
export interface ConsoleSessionRecord {
  operatorId: string
  secretHash: string
  csrfToken: string
  createdAt: number
  lastSeenAt: number
  expiresAt: number
  stepUpUntil: number | null
  ip: string
  userAgent: string
}

export interface ConsoleSession extends ConsoleSessionRecord {
  id: string
}

const keyOf = (id: string) => `console:session:${id}`
const CLEANUP_MARGIN_MS = 60_000
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/

export const idleExpiresAt = (session: ConsoleSessionRecord) => Math.min(session.lastSeenAt + CONSOLE_SESSION_IDLE_MS, session.expiresAt)

async function save(kv: Kv, id: string, record: ConsoleSessionRecord, now: number) {
  const ttl = Math.max(1, idleExpiresAt(record) - now) + CLEANUP_MARGIN_MS
  await kv.set(keyOf(id), JSON.stringify(record), ttl)
}

/** Starts a session for the operator; answers it and the cookie value (the only place its secret is). */
export async function startConsoleSession(
  deps: { db: Database; kv: Kv },
  operatorId: string,
  origin: { ip: string; userAgent?: string },
  now: Date,
): Promise<{ session: ConsoleSession; cookie: string }> {
  const id = randomBytes(16).toString('base64url')
  const secret = randomBytes(32).toString('base64url')
  const at = now.getTime()
  const record: ConsoleSessionRecord = {
    operatorId,
    secretHash: sha256Hex(secret),
    csrfToken: randomBytes(32).toString('base64url'),
    createdAt: at,
    lastSeenAt: at,
    expiresAt: at + CONSOLE_SESSION_MAX_MS,
    stepUpUntil: null,
    ip: origin.ip,
    userAgent: origin.userAgent ?? '',
  }
  await insertSession(deps.db, { id, operatorId, createdAt: now, expiresAt: new Date(record.expiresAt), ip: record.ip, userAgent: record.userAgent })
  await save(deps.kv, id, record, at)
  return { session: { id, ...record }, cookie: `${id}.${secret}` }
}

async function readRecord(kv: Kv, id: string, now: number): Promise<ConsoleSessionRecord | undefined> {
  const raw = await kv.get(keyOf(id))
  if (!raw) return undefined
  const record = JSON.parse(raw) as ConsoleSessionRecord
  return idleExpiresAt(record) > now ? record : undefined
}

/**
 * The live session of a cookie value, kept alive by this call (its idle time starts again);
 * undefined when the value is malformed, unknown, ended, idle too long or past its 12 hours.
 */
export async function resumeConsoleSession(kv: Kv, cookie: string | undefined, now: Date): Promise<ConsoleSession | undefined> {
  if (!cookie) return undefined
  const dot = cookie.indexOf('.')
  const id = cookie.slice(0, dot)
  if (dot < 0 || !SESSION_ID.test(id)) return undefined
  const record = await readRecord(kv, id, now.getTime())
  if (!record) return undefined
  const presented = Buffer.from(sha256Hex(cookie.slice(dot + 1)))
  if (!timingSafeEqual(presented, Buffer.from(record.secretHash))) return undefined
  const touched = { ...record, lastSeenAt: now.getTime() }
  await save(kv, id, touched, now.getTime())
  return { id, ...touched }
}

/** Whether the CSRF token presented is the session's (constant time). */
export function csrfMatches(session: ConsoleSessionRecord, presented: string | undefined): boolean {
  if (!presented) return false
  const a = Buffer.from(sha256Hex(presented))
  const b = Buffer.from(sha256Hex(session.csrfToken))
  return timingSafeEqual(a, b)
}

/** Records a step-up on the session: sensitive actions are allowed for CONSOLE_STEP_UP_MS. */
export async function stepUpConsoleSession(kv: Kv, session: ConsoleSession, now: Date): Promise<number> {
  const { id, ...record } = session
  const stepUpUntil = Math.min(now.getTime() + CONSOLE_STEP_UP_MS, record.expiresAt)
  await save(kv, id, { ...record, stepUpUntil }, now.getTime())
  return stepUpUntil
}

export const isSteppedUp = (session: ConsoleSessionRecord, now: Date) => session.stepUpUntil !== null && session.stepUpUntil > now.getTime()

/** Ends sessions of the operator (the KV records and the listing rows). */
export async function endConsoleSessions(deps: { db: Database; kv: Kv }, operatorId: string, ids: readonly string[], now: Date) {
  await Promise.all(ids.map((id) => deps.kv.del(keyOf(id))))
  await endSessionRows(deps.db, operatorId, ids, now)
}

/** The operator's live sessions, oldest first, with their times from the KV. */
export async function listConsoleSessions(deps: { db: Database; kv: Kv }, operatorId: string, now: Date) {
  const rows = await listOpenSessions(deps.db, operatorId, now)
  if (!rows.length) return []
  const raws = await deps.kv.getMany(rows.map((row) => keyOf(row.id)))
  return rows.flatMap((row, index) => {
    const raw = raws[index]
    if (!raw) return []
    const record = JSON.parse(raw) as ConsoleSessionRecord
    if (record.operatorId !== operatorId || idleExpiresAt(record) <= now.getTime()) return []
    return [{ ...row, record }]
  })
}
