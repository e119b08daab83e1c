import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The audit log of the console: append-only (a trigger of the migration refuses UPDATE, DELETE and
 * TRUNCATE), written in the transaction of the change it records (modules/audit/record.ts). No
 * foreign key to `operator`: the log outlives what it speaks of.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    operatorId: uuid(),
    operatorEmail: text(),
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    action: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    changed: text().array().notNull().default(sql`'{}'::text[]`),
    reason: text(),
    ip: text().notNull(),
    userAgent: text().notNull(),
    traceId: text().notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_at_idx').on(t.operatorId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    index('audit_log_resource_at_idx').on(t.resourceType, t.at),
  ],
)
