import { HELP_VOTES_PER_ADDRESS_PER_MINUTE, HELP_VOTES_PER_MINUTE, type HelpVote, type Locale, type ServiceContacts } from '@ess/contract'
import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { cmsArticle, cmsCategory, helpFeedback } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { sha256Hex } from '../../lib/digest'
import { countInWindow } from '../../lib/throttle'
import { SERVICE_EMAIL, SERVICE_HOURS, regionsIn } from './content'

export interface HelpDeps {
  db: Database
  kv: Kv
  now: () => Date
}

/** Who votes: the logged-in user, else the device (its id kept only as a digest). */
export type Voter = { userId: string } | { deviceId: string; ip: string }

const MINUTE = 60_000
const voterKey = (voter: Voter) => ('userId' in voter ? `u:${voter.userId}` : `d:${sha256Hex(voter.deviceId).slice(0, 32)}`)

/** Refuses an id that is not a question of a help category (news and guide articles included). */
async function assertQuestion(db: Database, informationId: string): Promise<void> {
  const [row] = await db
    .select({ id: cmsArticle.id })
    .from(cmsArticle)
    .innerJoin(cmsCategory, eq(cmsCategory.code, cmsArticle.categoryCode))
    .where(and(eq(cmsArticle.id, informationId), eq(cmsCategory.kind, 'help')))
  if (!row) throw new AppError('HELP_QUESTION_NOT_FOUND')
}

export async function getVote(db: Database, voter: Voter, informationId: string): Promise<HelpVote> {
  await assertQuestion(db, informationId)
  const [row] = await db
    .select({ helpful: helpFeedback.helpful })
    .from(helpFeedback)
    .where(and(eq(helpFeedback.informationId, informationId), eq(helpFeedback.voter, voterKey(voter))))
  return { informationId, helpful: row ? row.helpful : null }
}

/**
 * Records a vote, replacing the voter's earlier one on the question. A voter casts at most
 * HELP_VOTES_PER_MINUTE votes a minute, and one address HELP_VOTES_PER_ADDRESS_PER_MINUTE
 * (device ids are the client's own: the address bounds a client minting new ones).
 */
export async function vote(deps: HelpDeps, voter: Voter, informationId: string, helpful: boolean): Promise<HelpVote> {
  const now = deps.now()
  const key = voterKey(voter)
  const tooMany = () => new AppError('TOO_MANY_REQUESTS', { retryAfterS: Math.ceil((MINUTE - (now.getTime() % MINUTE)) / 1000) })
  if ((await countInWindow(deps.kv, `help:vote:${key}`, MINUTE, now)) > HELP_VOTES_PER_MINUTE) throw tooMany()
  if ('ip' in voter && (await countInWindow(deps.kv, `help:vote-ip:${voter.ip}`, MINUTE, now)) > HELP_VOTES_PER_ADDRESS_PER_MINUTE) throw tooMany()
  await assertQuestion(deps.db, informationId)
  await deps.db
    .insert(helpFeedback)
    .values({ informationId, voter: key, userId: 'userId' in voter ? voter.userId : null, helpful, updatedAt: now })
    .onConflictDoUpdate({ target: [helpFeedback.informationId, helpFeedback.voter], set: { helpful, updatedAt: now } })
  return { informationId, helpful }
}

export function serviceContacts(hotline: string, assistantApiUrl: string, locale: Locale): ServiceContacts {
  return { hotline, hours: SERVICE_HOURS[locale], email: SERVICE_EMAIL, regions: regionsIn(locale), assistantApiUrl }
}
