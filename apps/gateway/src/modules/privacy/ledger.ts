import type { PrivacyInfoType, PrivacyScene } from '@ess/contract'
import type { Database } from '../../db/client'
import { collectionRecord } from '../../db/schema'

/** One type of personal information taken in a collection, with the value as shown back to the user. */
export interface Collected {
  type: PrivacyInfoType
  /** The value masked for display (never the value itself); null where nothing is shown (a picture). */
  masked?: string | null
  /** How many values of the type (default 1). */
  count?: number
}

/**
 * The one way a module records that it collected personal information (the MIIT collected-
 * information list and `privacyCollect/query` are read from these rows). Pass the transaction the
 * collection is written in, so the record stands or falls with it. Sign-ins need no call: the
 * login session's own row is the record (see ./queries.ts).
 */
export async function recordCollection(db: Database, userId: string, scene: PrivacyScene, items: readonly Collected[], at: Date): Promise<void> {
  if (!items.length) return
  await db.insert(collectionRecord).values(
    items.map((item) => ({ userId, infoType: item.type, scene, at, count: item.count ?? 1, masked: item.masked ?? null })),
  )
}
