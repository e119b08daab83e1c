import { GENDERS } from '@ess/contract'
import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { agreementVersion } from './agreement'

/**
 * An account. It is found by its phone (E.164, unique), its email (lower case, unique) or its
 * username (unique, lower case); any of them may be missing, but an account has at least a phone
 * or an email. The password is an argon2id PHC string, null for an account made by SMS code.
 */
export const appUser = pgTable(
  'app_user',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** National number as entered: 11 digits in the Chinese mainland. */
    phone: text(),
    /** Region of the phone dictionary, e.g. "CN". */
    phoneRegion: text(),
    /** "+<dial code><number>": what identifies the phone (regions may share a dial code). */
    phoneE164: text('phone_e164'),
    email: text(),
    username: text(),
    passwordHash: text(),
    photo: text(),
    gender: text({ enum: GENDERS }).notNull().default('U'),
    birthdate: date({ mode: 'string' }),
    /** 1 when real-name verified (SPEC §3); set by the real-name verification. */
    certificationStatus: smallint().notNull().default(0),
    /** When the real-name verification counts from; null once it ended (identity changed on the roster). */
    certifiedAt: timestamp({ withTimezone: true }),
    /** The user's own contact address and postcode (SPEC §2 personal info). */
    address: text(),
    postcode: text(),
    /**
     * When a support agent disabled the account (issue 34); null while it is usable. A disabled
     * account's sign-in and every authenticated call answer ACCOUNT_DISABLED (SPEC §8's 100400).
     */
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_phone_e164_key').on(t.phoneE164),
    uniqueIndex('app_user_email_key').on(t.email),
    uniqueIndex('app_user_username_key').on(t.username),
    // Emails and usernames are kept in lower case, so equality finds them whatever the case typed.
    check('app_user_email_lower', sql`${t.email} = lower(${t.email})`),
    check('app_user_username_lower', sql`${t.username} = lower(${t.username})`),
    check('app_user_has_contact', sql`${t.phoneE164} is not null or ${t.email} is not null`),
  ],
)

/**
 * One token pair of a login. A login is a family: refreshing rotates the pair (a new row, the old
 * one marked rotated and revoked); presenting a rotated refresh token again revokes the family.
 * Only SHA-256 digests of the tokens are kept.
 */
export const userSession = pgTable(
  'user_session',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    accessHash: text().notNull(),
    refreshHash: text(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text().notNull(),
    deviceId: text().notNull(),
    client: text().notNull(),
    /** The User-Agent of the sign-in (device and browser on the devices screen). */
    userAgent: text().notNull().default(''),
    /** Last call made with this pair, kept to within SESSION_ACTIVITY_GRANULARITY_MS. */
    lastActiveAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_session_access_hash_key').on(t.accessHash),
    uniqueIndex('user_session_refresh_hash_key').on(t.refreshHash),
    // One index serves both revocations: all logins of a user, and one login (a family) of a user.
    // Every sign-in writes a row, so each index left out is work saved on the hot path.
    index('user_session_user_family_idx').on(t.userId, t.familyId),
  ],
)

/** An agreement version a user signed, when, and from where (SPEC §4 re-sign; registration). */
export const userAgreement = pgTable(
  'user_agreement',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    agreementVersionId: integer()
      .notNull()
      .references(() => agreementVersion.id),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    ip: text().notNull(),
    deviceId: text().notNull(),
  },
  (t) => [uniqueIndex('user_agreement_user_version_key').on(t.userId, t.agreementVersionId)],
)
