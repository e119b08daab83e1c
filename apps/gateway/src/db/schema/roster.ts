import { CERTIFICATION_METHODS, GENDERS } from '@ess/contract'
import { customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/** Raw bytes (a PostgreSQL bytea), as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** A client company of the HR provider, whose employees use the portal. */
export const clientCompany = pgTable('client_company', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** The provider's code of the company (the roster CSV's `company_code`). */
  code: text().notNull().unique(),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * An employee of a client company, as the provider's roster knows them. The ID number is kept
 * AES-256-GCM-encrypted (bound to the row: context `employee.idNo:<company>:<employeeNo>`) with a
 * keyed HMAC beside it to find the employee by the number typed; it is never stored in clear.
 * `identityVersion` goes up whenever a field that identifies the person changes, which ends a
 * real-name verification made against the earlier identity.
 */
export const employee = pgTable(
  'employee',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: integer()
      .notNull()
      .references(() => clientCompany.id),
    employeeNo: text().notNull(),
    name: text().notNull(),
    pinyinName: text(),
    gender: text({ enum: GENDERS }).notNull().default('U'),
    birthdate: date({ mode: 'string' }),
    /** Value of the `nationality` dictionary. */
    nationality: text(),
    /** Value of the `idType` dictionary. */
    idType: text().notNull(),
    idNoCipher: text().notNull(),
    /** HMAC of "<idType>:<ID number upper-cased>" (purpose "roster-id"). */
    idNoIndex: text().notNull(),
    phone: text(),
    email: text(),
    address: text(),
    postcode: text(),
    identityVersion: integer().notNull().default(1),
    /** The last day of an ended employment (console, roster manager); null while employed. */
    employmentEndedOn: date({ mode: 'string' }),
    employmentEndReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employee_company_no_key').on(t.companyId, t.employeeNo),
    uniqueIndex('employee_id_no_index_key').on(t.idNoIndex),
  ],
)

/**
 * The real-name verification of an account: the employee it proved to be, how, when, and the
 * identity version it matched. One employee is linked to at most one account. The bank card of
 * the bank-card method is kept encrypted (context `certification.bankCard:<userId>`).
 */
export const userCertification = pgTable(
  'user_certification',
  {
    userId: uuid()
      .primaryKey()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    employeeId: uuid()
      .notNull()
      .references(() => employee.id),
    method: text({ enum: CERTIFICATION_METHODS }).notNull(),
    bankCardCipher: text(),
    bankCardLast4: text(),
    identityVersion: integer().notNull(),
    certifiedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_certification_employee_key').on(t.employeeId)],
)

/** A user's avatar image (served at /app/media/avatar/<userId>/<sha256 prefix>). */
export const userAvatar = pgTable(
  'user_avatar',
  {
    userId: uuid()
      .primaryKey()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    sha256: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('user_avatar_sha_idx').on(t.sha256)],
)
