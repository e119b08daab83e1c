import { and, eq, gt, lte } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { assistantSession } from '../../db/schema'

export interface NewAssistantSession {
  tokenHash: string
  userId: string
  sessionId: string
  source: 'mp' | 'h5'
  createdAt: Date
  expiresAt: Date
}

export async function insertAssistantSession(db: Database, session: NewAssistantSession): Promise<void> {
  await db.insert(assistantSession).values(session)
}

/** The live session of a token digest, or undefined (unknown or expired). */
export async function findLiveAssistantSession(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ tokenHash: assistantSession.tokenHash, userId: assistantSession.userId, expiresAt: assistantSession.expiresAt })
    .from(assistantSession)
    .where(and(eq(assistantSession.tokenHash, tokenHash), gt(assistantSession.expiresAt, now)))
  return row
}

/** Drops a user's ended sessions (done at each of their logins, so the table does not grow). */
export async function deleteEndedAssistantSessions(db: Database, userId: string, now: Date): Promise<void> {
  await db.delete(assistantSession).where(and(eq(assistantSession.userId, userId), lte(assistantSession.expiresAt, now)))
}
