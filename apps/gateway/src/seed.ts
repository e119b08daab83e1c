import type { Database } from './db/client'
import { seedAgreements } from './modules/agreement/service'
import { seedDictionaries } from './modules/dict/service'

/**
 * Reference and demo data, written at every start in one transaction. Upserts on natural keys
 * that touch only what differs: a second run writes nothing. Returns the number of rows written.
 */
export function seedDemoData(db: Database): Promise<number> {
  return db.transaction(async (tx) => (await seedDictionaries(tx)) + (await seedAgreements(tx)))
}
