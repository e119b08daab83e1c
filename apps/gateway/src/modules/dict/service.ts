import { DICT_TYPES, type DictList, type DictType, type Locale } from '@ess/contract'
import type { Database } from '../../db/client'
import { DICTIONARIES } from './data'
import { listDictItems, upsertDictItems } from './queries'

/** A dictionary in display order, labels in the caller's language. */
export async function getDictionary(db: Database, type: DictType, locale: Locale): Promise<DictList> {
  const rows = await listDictItems(db, type)
  return {
    type,
    items: rows.map((row) => ({
      value: row.value,
      label: locale === 'en-US' ? row.labelEn : row.labelZh,
      ...(row.dialCode ? { dialCode: row.dialCode } : {}),
    })),
  }
}

/** Seeds every dictionary; returns how many rows were written (0 when already up to date). */
export function seedDictionaries(db: Database): Promise<number> {
  const rows = DICT_TYPES.flatMap((type) =>
    DICTIONARIES[type].map(([value, labelZh, labelEn, dialCode], sortOrder) => ({
      type,
      value,
      labelZh,
      labelEn,
      dialCode: dialCode ?? null,
      sortOrder: (sortOrder + 1) * 10,
    })),
  )
  return upsertDictItems(db, rows)
}
