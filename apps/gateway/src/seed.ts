import type { Database } from './db/client'
import { seedAgreements } from './modules/agreement/service'
import { seedContent } from './modules/cms/service'
import { seedDictionaries } from './modules/dict/service'
import { seedNotices } from './modules/notices/service'
import type { RosterDeps } from './modules/roster/queries'
import { seedRoster } from './modules/roster/service'

/**
 * Reference and demo data, written at every start in one transaction. Upserts on natural keys
 * that touch only what differs: a second run writes nothing. Returns the number of rows written.
 * The roster's ID numbers are sealed with the field key, hence `deps`.
 */
export function seedDemoData(db: Database, deps: RosterDeps): Promise<number> {
  return db.transaction(async (tx) => (await seedDictionaries(tx)) + (await seedAgreements(tx)) + (await seedRoster(tx, deps)) + (await seedContent(tx)) + (await seedNotices(tx)))
}
