import type { Database } from '../../db/client'
import { DEMO_ROSTER } from './data'
import { type RosterDeps, applyRoster } from './queries'

/** The demo roster (idempotent: a second run writes nothing). Returns the rows written. */
export async function seedRoster(db: Database, deps: RosterDeps, now = new Date()): Promise<number> {
  const written = await applyRoster(db, deps, DEMO_ROSTER, now)
  return written.companies + written.inserted + written.updated
}
