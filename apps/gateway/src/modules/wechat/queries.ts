import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { dictItem, wechatMiniAccount } from '../../db/schema'

/** Binds a mini-program open id to the user signed in (moving it from an account that held it). */
export async function bindOpenId(db: Database, row: typeof wechatMiniAccount.$inferInsert): Promise<void> {
  await db
    .insert(wechatMiniAccount)
    .values(row)
    .onConflictDoUpdate({ target: [wechatMiniAccount.appId, wechatMiniAccount.openId], set: { userId: row.userId, unionId: row.unionId, boundAt: row.boundAt } })
}

export async function findOpenIdBinding(db: Database, appId: string, openId: string) {
  const [row] = await db
    .select()
    .from(wechatMiniAccount)
    .where(and(eq(wechatMiniAccount.appId, appId), eq(wechatMiniAccount.openId, openId)))
  return row
}

/** The phone region of a dialling code ('86' → CN), from the phone-region dictionary. */
export async function regionOfDialCode(db: Database, countryCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ region: dictItem.value })
    .from(dictItem)
    .where(and(eq(dictItem.type, 'phoneRegion'), eq(dictItem.dialCode, `+${countryCode}`)))
    .limit(1)
  return row?.region
}
