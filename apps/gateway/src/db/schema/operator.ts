import { CONSOLE_ROLES, LOCALES } from '@ess/contract'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * An operator of the console: the provider's staff, a kind of account of its own (never an
 * employee's `app_user`). Invited by the command line (an enrollment link), active once the
 * password and the TOTP authenticator are set. The TOTP secret is sealed with the field cipher
 * (context: the operator's id); `totp_last_step` is the last time step a code was accepted at, so
 * a code is never accepted twice (checked and moved in one UPDATE).
 */
export const operator = pgTable(
  'operator',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    displayName: text().notNull(),
    status: text({ enum: ['invited', 'active', 'disabled'] }).notNull().default('invited'),
    passwordHash: text(),
    totpSecret: text(),
    totpLastStep: integer(),
    locale: text({ enum: LOCALES }).notNull().default('zh-CN'),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('operator_email_key').on(t.email), check('operator_email_lower', sql`${t.email} = lower(${t.email})`)],
)

/** The roles an operator holds (several may be). */
export const operatorRole = pgTable(
  'operator_role',
  {
    operatorId: uuid()
      .notNull()
      .references(() => operator.id, { onDelete: 'cascade' }),
    role: text({ enum: CONSOLE_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.role] })],
)

/** Single-use recovery codes: only their HMAC (the gateway's secret key) is kept. */
export const operatorRecoveryCode = pgTable(
  'operator_recovery_code',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    operatorId: uuid()
      .notNull()
      .references(() => operator.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('operator_recovery_code_hash_key').on(t.operatorId, t.codeHash)],
)

/** An operator's WebAuthn credential (a passkey), as @simplewebauthn/server verified it at registration. */
export const operatorPasskey = pgTable(
  'operator_passkey',
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    operatorId: uuid()
      .notNull()
      .references(() => operator.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('operator_passkey_operator_idx').on(t.operatorId)],
)

/**
 * A one-time enrollment link (24 h): only the SHA-256 of its token is kept, with the TOTP secret
 * the operator adds to an authenticator (sealed, context: the token's digest) until it is used.
 */
export const operatorEnrollment = pgTable(
  'operator_enrollment',
  {
    tokenHash: text().primaryKey(),
    operatorId: uuid()
      .notNull()
      .references(() => operator.id, { onDelete: 'cascade' }),
    totpSecret: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('operator_enrollment_operator_idx').on(t.operatorId)],
)

/**
 * The console sessions, for listing and revoking them: whether a session is alive is decided by
 * its record in the KV (idle and absolute limits, CSRF token, step-up); this row says it existed
 * and when it ended.
 */
export const operatorSession = pgTable(
  'operator_session',
  {
    id: text().primaryKey(),
    operatorId: uuid()
      .notNull()
      .references(() => operator.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    ip: text().notNull(),
    userAgent: text().notNull(),
  },
  (t) => [index('operator_session_operator_idx').on(t.operatorId, t.createdAt)],
)
