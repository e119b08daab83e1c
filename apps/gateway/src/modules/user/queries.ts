import { and, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { preparedStatement } from '../../db/prepared'
import { appUser, userAvatar } from '../../db/schema'

export type NewUser = typeof appUser.$inferInsert

const columns = {
  id: appUser.id,
  phone: appUser.phone,
  phoneRegion: appUser.phoneRegion,
  phoneE164: appUser.phoneE164,
  email: appUser.email,
  username: appUser.username,
  photo: appUser.photo,
  gender: appUser.gender,
  birthdate: appUser.birthdate,
  certificationStatus: appUser.certificationStatus,
  certifiedAt: appUser.certifiedAt,
  address: appUser.address,
  postcode: appUser.postcode,
  createdAt: appUser.createdAt,
  disabledAt: appUser.disabledAt,
  hasPassword: sql<boolean>`${appUser.passwordHash} is not null`,
}

export type UserRow = Awaited<ReturnType<typeof findUserById>>

/** Prepared: getUserInfo asks it of every signed-in start (the user and its avatar's digest). */
const userWithAvatar = preparedStatement((db) =>
  db
    .select({ ...columns, avatarSha256: userAvatar.sha256 })
    .from(appUser)
    .leftJoin(userAvatar, eq(userAvatar.userId, appUser.id))
    .where(eq(appUser.id, sql.placeholder('id')))
    .prepare('user_with_avatar'),
)

/** A user and the digest of its avatar (null without one), in one statement. */
export async function findUserWithAvatar(db: Database, id: string) {
  const [row] = await userWithAvatar(db).execute({ id })
  return row
}

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select(columns).from(appUser).where(eq(appUser.id, id))
  return row
}

/** How an account is looked up: by phone (E.164), email or username, each kept normalised. */
export type AccountKey = { phoneE164: string } | { email: string } | { username: string }

type KeyField = 'phoneE164' | 'email' | 'username'
/** Which column an account key names, and its value. */
const keyOf = (key: AccountKey): [KeyField, string] =>
  'phoneE164' in key ? ['phoneE164', key.phoneE164] : 'email' in key ? ['email', key.email] : ['username', key.username]

const whereKey = (key: AccountKey) => {
  const [field, value] = keyOf(key)
  return eq(appUser[field], value)
}

const credentialsBy = (field: KeyField, name: string) =>
  preparedStatement((db) =>
    db
      .select({ id: appUser.id, passwordHash: appUser.passwordHash })
      .from(appUser)
      .where(eq(appUser[field], sql.placeholder('value')))
      .prepare(name),
  )
const credentials: Record<KeyField, ReturnType<typeof credentialsBy>> = {
  phoneE164: credentialsBy('phoneE164', 'credentials_by_phone'),
  email: credentialsBy('email', 'credentials_by_email'),
  username: credentialsBy('username', 'credentials_by_username'),
}

/** The id and password hash of an account, for sign-in (a prepared statement: every sign-in asks it). */
export async function findCredentials(db: Database, key: AccountKey): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const [field, value] = keyOf(key)
  const [row] = await credentials[field](db).execute({ value })
  return row
}

/** Whether an account holds this phone or email. */
export async function accountExists(db: Database, key: AccountKey): Promise<boolean> {
  const [row] = await db.select({ id: appUser.id }).from(appUser).where(whereKey(key)).limit(1)
  return Boolean(row)
}

/** Inserts an account; undefined when its phone, email or username is already taken. */
export async function insertUser(db: Database, user: NewUser): Promise<string | undefined> {
  const [row] = await db.insert(appUser).values(user).onConflictDoNothing().returning({ id: appUser.id })
  return row?.id
}

export async function updatePasswordHash(db: Database, id: string, passwordHash: string, now: Date) {
  await db.update(appUser).set({ passwordHash, updatedAt: now }).where(eq(appUser.id, id))
}

/** Whether another account holds this (lower-case) username. */
export async function usernameTaken(db: Database, username: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db.select({ id: appUser.id }).from(appUser).where(and(eq(appUser.username, username), ne(appUser.id, exceptUserId))).limit(1)
  return Boolean(row)
}

/** Writes the fields the user owns; false when the username was taken meanwhile (unique index). */
export async function updatePersonalFields(
  db: Database,
  id: string,
  fields: { username?: string; address?: string | null; postcode?: string | null },
  now: Date,
): Promise<boolean> {
  try {
    await db.update(appUser).set({ ...fields, updatedAt: now }).where(eq(appUser.id, id))
    return true
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
    if (code === '23505') return false
    throw error
  }
}
