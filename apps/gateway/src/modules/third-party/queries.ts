import type { ThirdPartyProvider } from '@ess/contract'
import { and, count, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { externalAccount } from '../../db/schema'

export async function findBinding(db: Database, provider: ThirdPartyProvider, subject: string) {
  const [row] = await db
    .select({ userId: externalAccount.userId })
    .from(externalAccount)
    .where(and(eq(externalAccount.provider, provider), eq(externalAccount.subject, subject)))
  return row
}

export function listBindings(db: Database, userId: string) {
  return db
    .select({ provider: externalAccount.provider, nickname: externalAccount.nickname, boundAt: externalAccount.boundAt })
    .from(externalAccount)
    .where(eq(externalAccount.userId, userId))
}

/** Other bindings of the user than this provider's (each is a way to sign in). */
export async function countOtherBindings(db: Database, userId: string, except?: ThirdPartyProvider): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(externalAccount)
    .where(except ? and(eq(externalAccount.userId, userId), ne(externalAccount.provider, except)) : eq(externalAccount.userId, userId))
  return row?.n ?? 0
}

export async function insertBinding(db: Database, row: typeof externalAccount.$inferInsert): Promise<void> {
  await db.insert(externalAccount).values(row)
}

/** Deletes the user's binding of a provider; true when there was one. */
export async function deleteBinding(db: Database, userId: string, provider: ThirdPartyProvider): Promise<boolean> {
  const deleted = await db
    .delete(externalAccount)
    .where(and(eq(externalAccount.userId, userId), eq(externalAccount.provider, provider)))
    .returning({ id: externalAccount.id })
  return deleted.length > 0
}
