import { AUDIT_ACTION_PATTERN, type ConsoleRole } from '@ess/contract'
import type { FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'
import { mask } from '../../infra/crypto/mask'

/** What an action tells the audit log; the actor and the request's origin are added by recordAudit. */
export interface AuditInput {
  /** `<domain>.<verb>`, e.g. `cms.publish` (contract AUDIT_ACTION_PATTERN). */
  action: string
  resourceType: string
  resourceId?: string | null
  /** The resource before and after the change (personal data is masked, secrets dropped, here). */
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  /** The reason the operator gave, where the action asks for one. */
  reason?: string | null
  /**
   * Who acted, when it is not the request's signed-in operator (a sign-in attempt, an
   * enrollment); null when nobody is known (an unknown email).
   */
  actor?: { id: string; email: string; roles: readonly ConsoleRole[] } | null
}

/** Where a row comes from: the request's address, user agent and trace id. */
export interface AuditOrigin {
  ip: string
  userAgent: string
  traceId: string
}

export const auditOriginOf = (request: FastifyRequest): AuditOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? '',
  traceId: String(request.id),
})

/** Keys whose values never reach the log: secrets of any kind. */
const SECRET_KEYS = new Set(
  ['password', 'passwordhash', 'newpassword', 'currentpassword', 'secret', 'totpsecret', 'token', 'accesstoken', 'refreshtoken', 'verificationcode', 'totpcode', 'recoverycode', 'recoverycodes', 'csrftoken', 'challenge', 'cookie', 'publickey'].map((k) => k.toLowerCase()),
)
/** Keys of personal data: kept masked (the middle hidden), enough to tell values apart. */
const PERSONAL_KEYS = new Set(
  ['phone', 'phonee164', 'mobile', 'email', 'idno', 'idnumber', 'idcard', 'bankcard', 'bankcardno', 'address', 'birthdate', 'realname', 'fullname', 'employeename', 'username', 'postcode'].map((k) => k.toLowerCase()),
)
export const REDACTED = '[redacted]'

function scrub(value: unknown, key: string | undefined): unknown {
  const lower = key?.toLowerCase()
  if (lower && SECRET_KEYS.has(lower)) return REDACTED
  if (lower && PERSONAL_KEYS.has(lower) && (typeof value === 'string' || typeof value === 'number')) {
    const text = String(value)
    // An email keeps its domain (which company), the local part masked.
    const at = text.lastIndexOf('@')
    return at > 0 ? `${mask(text.slice(0, at), { keepStart: 1, keepEnd: 0 })}${text.slice(at)}` : mask(text)
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, key))
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]))
  }
  return value
}

/** A snapshot as the log keeps it: secrets replaced, personal data masked, at any depth. */
export function maskSnapshot(snapshot: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!snapshot) return null
  return JSON.parse(JSON.stringify(scrub(snapshot, undefined))) as Record<string, unknown>
}

/** The top-level keys whose values differ between the two snapshots. */
export function changedKeys(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  return [...keys].filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key])).sort()
}

/** Writes one audit row with an explicit origin (the command line has no request). */
export async function insertAudit(db: Database, origin: AuditOrigin, input: AuditInput & { actor: AuditInput['actor'] }, at: Date): Promise<void> {
  if (!AUDIT_ACTION_PATTERN.test(input.action)) throw new Error(`audit action "${input.action}" is not <domain>.<verb>`)
  const before = maskSnapshot(input.before)
  const after = maskSnapshot(input.after)
  await db.insert(auditLog).values({
    at,
    operatorId: input.actor?.id ?? null,
    operatorEmail: input.actor?.email ?? null,
    roles: [...(input.actor?.roles ?? [])],
    action: input.action,
    resourceType: input.resourceType,
    resourceId: input.resourceId ?? null,
    before,
    after,
    changed: changedKeys(before, after),
    reason: input.reason ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent,
    traceId: origin.traceId,
  })
}

/**
 * Writes the audit row of an operator's action inside the caller's transaction (`tx`): if the
 * action fails after this, the row goes with it; if writing the row fails, the action does too.
 * The actor is the request's operator (or `input.actor`), with their roles at the time; the
 * address, user agent and trace id come from the request; personal data in before/after is masked.
 *
 *   await db.transaction(async (tx) => {
 *     const before = await readFloor(tx, id)
 *     const after = await publishFloor(tx, id)
 *     await recordAudit(tx, request, { action: 'cms.publish', resourceType: 'floor', resourceId: id, before, after })
 *   })
 */
export async function recordAudit(tx: Database, request: FastifyRequest, input: AuditInput): Promise<void> {
  const operator = request.operator
  const actor = input.actor !== undefined ? input.actor : operator ? { id: operator.id, email: operator.email, roles: operator.roles } : null
  const now = request.server.now()
  await insertAudit(tx, auditOriginOf(request), { ...input, actor }, now)
}
