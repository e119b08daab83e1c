import { z } from 'zod'
import { CONSOLE_ROLES } from './access'
import { defineConsoleCall } from './define'
import type { RuleMessageKey } from '../rule-messages'

/**
 * The audit log: one append-only row per operator action that changes something or reveals
 * personal data, written in the same transaction as the change (gateway `recordAudit`), and the
 * operators' sign-ins, failures, lockouts, enrollments and sign-outs. Personal data in `before`
 * and `after` is masked when the row is written; secrets (passwords, codes, tokens) never appear.
 */

const TAGS = ['console-audit']

/**
 * Audit action names: `<domain>.<verb>` in lower snake case, e.g. `cms.publish`,
 * `operator.sign_in`. The operators module's own are listed here; other modules name theirs.
 */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/

export const OPERATOR_AUDIT_ACTIONS = {
  signIn: 'operator.sign_in',
  signInFailed: 'operator.sign_in_failed',
  locked: 'operator.locked',
  signOut: 'operator.sign_out',
  sessionRevoked: 'operator.session_revoked',
  stepUp: 'operator.step_up',
  stepUpFailed: 'operator.step_up_failed',
  enrollmentIssued: 'operator.enrollment_issued',
  enrolled: 'operator.enrolled',
  passwordChanged: 'operator.password_changed',
  recoveryCodesRegenerated: 'operator.recovery_codes_regenerated',
  recoveryCodeUsed: 'operator.recovery_code_used',
  passkeyRegistered: 'operator.passkey_registered',
  auditExported: 'audit.export',
} as const

/** A JSON value of a before/after snapshot (masked). */
const snapshot = z.record(z.string(), z.unknown()).nullable()

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /** The operator who acted; null for a sign-in attempt with an unknown email, or the command line. */
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  /** The operator's roles at the time. */
  roles: z.array(z.enum(CONSOLE_ROLES)),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  before: snapshot,
  after: snapshot,
  /** The keys whose values differ between before and after. */
  changed: z.array(z.string()),
  reason: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  traceId: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

const isoField = z.iso.datetime({ offset: true, error: 'field.invalid' satisfies RuleMessageKey })

export const AuditFilterSchema = z.object({
  /** An operator's id or email (exact). */
  operator: z.string().trim().min(1).max(254).optional(),
  action: z.string().trim().max(64).optional(),
  resourceType: z.string().trim().max(64).optional(),
  /** From this instant (inclusive). */
  from: isoField.optional(),
  /** Before this instant (exclusive). */
  to: isoField.optional(),
})

export const AuditListQuerySchema = AuditFilterSchema.extend({
  page: z.coerce.number({ error: 'field.invalid' satisfies RuleMessageKey }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'field.invalid' satisfies RuleMessageKey }).int().min(1).max(100).default(20),
})

export const consoleAuditList = defineConsoleCall({
  method: 'GET',
  path: '/console/audit',
  summary: 'The audit log, newest first, with filters (operator, action, resource type, time) and paging',
  tags: TAGS,
  access: { resource: 'audit', action: 'list' },
  query: AuditListQuerySchema,
  response: z.object({ items: z.array(AuditEntrySchema), total: z.number().int() }),
})

/** Most rows one export carries (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000

export const consoleAuditExport = defineConsoleCall({
  method: 'GET',
  path: '/console/audit/export',
  summary: 'The filtered audit log as CSV (UTF-8 with BOM; cells that a spreadsheet would run as a formula are neutralised); the export itself is audited',
  tags: TAGS,
  access: { resource: 'audit', action: 'export' },
  query: AuditFilterSchema,
  response: undefined,
  produces: 'text/csv',
})

export const consoleAuditCalls = { consoleAuditList, consoleAuditExport } as const
