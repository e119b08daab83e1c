import type { DictType } from '@ess/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { dictItem } from '../../db/schema'
import { updateWhenChanged } from '../../db/upsert'

export function listDictItems(db: Database, type: DictType) {
  return db
    .select({
      value: dictItem.value,
      labelZh: dictItem.labelZh,
      labelEn: dictItem.labelEn,
      dialCode: dictItem.dialCode,
    })
    .from(dictItem)
    .where(eq(dictItem.type, type))
    .orderBy(asc(dictItem.sortOrder), asc(dictItem.value))
}

type DictItemRow = typeof dictItem.$inferInsert

/** Inserts new items and updates changed ones; returns how many rows were written. */
export async function upsertDictItems(db: Database, rows: DictItemRow[]): Promise<number> {
  if (!rows.length) return 0
  const written = await db
    .insert(dictItem)
    .values(rows)
    .onConflictDoUpdate({
      target: [dictItem.type, dictItem.value],
      ...updateWhenChanged(
        { labelZh: dictItem.labelZh, labelEn: dictItem.labelEn, dialCode: dictItem.dialCode, sortOrder: dictItem.sortOrder },
        { updatedAt: sql`now()` },
      ),
    })
    .returning({ id: dictItem.id })
  return written.length
}

/** The dialling code of a phone region, or undefined for an unknown region. */
export async function findDialCode(db: Database, region: string): Promise<string | undefined> {
  const [row] = await db
    .select({ dialCode: dictItem.dialCode })
    .from(dictItem)
    .where(and(eq(dictItem.type, 'phoneRegion'), eq(dictItem.value, region)))
  return row?.dialCode ?? undefined
}
