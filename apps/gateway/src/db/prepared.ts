import type { Database } from './client'

/**
 * A statement built and prepared once per database handle (a transaction's handle gets its own),
 * for the hot paths: drizzle builds the SQL text once, and on PostgreSQL the statement is named,
 * so each connection parses and plans it once.
 */
export function preparedStatement<S>(build: (db: Database) => S): (db: Database) => S {
  const statements = new WeakMap<Database, S>()
  return (db) => {
    let statement = statements.get(db)
    if (!statement) {
      statement = build(db)
      statements.set(db, statement)
    }
    return statement
  }
}
