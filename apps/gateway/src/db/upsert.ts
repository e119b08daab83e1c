import { type SQL, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** `excluded."<column>"` of an INSERT … ON CONFLICT (the schema's columns are snake_case). */
const excluded = (column: PgColumn) => sql.raw(`excluded."${toSnakeCase(column.name)}"`)

/**
 * The `set` and `setWhere` of `onConflictDoUpdate` that copy the given columns from the proposed
 * row and touch an existing row only when one of them differs: seeding the same data twice
 * writes nothing, and `returning()` lists only the rows inserted or changed.
 */
export function updateWhenChanged<K extends string>(columns: Record<K, PgColumn>, extraSet: Record<string, SQL> = {}) {
  const list = Object.values<PgColumn>(columns)
  const set = Object.fromEntries(Object.keys(columns).map((key) => [key, excluded(columns[key as K])])) as Record<K, SQL>
  const current = sql.join(list, sql`, `)
  const proposed = sql.join(list.map(excluded), sql`, `)
  return { set: { ...set, ...extraSet }, setWhere: sql`(${current}) is distinct from (${proposed})` }
}
