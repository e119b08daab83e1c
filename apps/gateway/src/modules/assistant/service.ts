import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  ASSISTANT_SESSION_TTL_S,
  ASSISTANT_SIGNATURE_WINDOW_MS,
  ASSISTANT_SOURCES,
  type AssistantAnswer,
  type AssistantLogin,
  type AssistantSource,
  type AssistantSuggestions,
  type Locale,
  assistantSigningString,
} from '@ess/contract'
import type { Database } from '../../db/client'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { newToken, sha256Hex } from '../../lib/digest'
import { loadAppSecret } from '../grant/service'
import { deleteEndedAssistantSessions, findLiveAssistantSession, insertAssistantSession } from './queries'
import { searchHelp, suggestedQuestions } from './search'

/**
 * The sample micro-assistant (the default ASSISTANT_API_URL): what the provider's micro-assistant
 * does, served by the gateway so the portal has one to talk to. Like any outside system it learns
 * who the user is only by redeeming the portal's one-time code through the server-to-server
 * exchange, as app 101 with its own secret (`<KEYS_DIR>/assistant-app.secret`).
 */
export interface AssistantDeps {
  db: Database
  kv: Kv
  now: () => Date
  /** The assistant app's secret: authenticates its exchange calls and derives the session keys. */
  secret: string
  hotline: string
  /** The server-to-server exchange: the user id of a code, or a refusal's errorCode. */
  exchange: (code: string) => Promise<{ userId: string } | { errorCode: string }>
}

export function loadAssistantSecret(keysDir: string): string {
  return loadAppSecret(keysDir, 'assistant-app.secret')
}

/** A session's signing key: derived from the assistant's secret and the token's digest (kept nowhere). */
const keyOf = (secret: string, tokenHash: string) => createHmac('sha256', secret).update(`assistant-session-key:${tokenHash}`).digest('base64url')

const isSource = (source: string): source is AssistantSource => (ASSISTANT_SOURCES as readonly string[]).includes(source)

/**
 * login: checks the source and the code before anything is spent, redeems the code (an abnormal
 * account is refused by the exchange with 100400, passed on as is), then opens a session.
 */
export async function assistantLogin(deps: AssistantDeps, input: { sessionId: string; source: string; code?: string }): Promise<AssistantLogin> {
  if (!isSource(input.source)) throw new AppError('ASSISTANT_SOURCE_INVALID')
  const code = input.code?.trim() ?? ''
  if (!code) throw new AppError('ASSISTANT_CODE_REQUIRED')
  const redeemed = await deps.exchange(code)
  if ('errorCode' in redeemed) throw new AppError(redeemed.errorCode === 'ACCOUNT_ABNORMAL' ? 'ACCOUNT_ABNORMAL' : 'ASSISTANT_CODE_INVALID')
  const now = deps.now()
  const token = newToken()
  const tokenHash = sha256Hex(token)
  await deleteEndedAssistantSessions(deps.db, redeemed.userId, now)
  await insertAssistantSession(deps.db, {
    tokenHash,
    userId: redeemed.userId,
    sessionId: input.sessionId,
    source: input.source,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ASSISTANT_SESSION_TTL_S * 1000),
  })
  return { token, key: keyOf(deps.secret, tokenHash), expiresIn: ASSISTANT_SESSION_TTL_S }
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * A signed call: the token names a live session; the signature is the session key's HMAC of the
 * timestamp and the exact body; the timestamp is within the window of this clock; the signature
 * has not been seen before (remembered twice the window). Answers the session's user.
 */
export async function authenticateCall(
  deps: AssistantDeps,
  call: { token: string | undefined; timestamp: string | undefined; signature: string | undefined; body: string },
): Promise<{ userId: string }> {
  if (!call.token || call.token.length > 128) throw new AppError('ASSISTANT_TOKEN_INVALID')
  const now = deps.now()
  const session = await findLiveAssistantSession(deps.db, sha256Hex(call.token), now)
  if (!session) throw new AppError('ASSISTANT_TOKEN_INVALID')
  const timestamp = call.timestamp ?? ''
  const signature = (call.signature ?? '').toLowerCase()
  const expected = createHmac('sha256', keyOf(deps.secret, session.tokenHash)).update(assistantSigningString(timestamp, call.body), 'utf8').digest('hex')
  if (!/^\d{1,16}$/.test(timestamp) || !sameHex(signature, expected)) throw new AppError('ASSISTANT_SIGNATURE_INVALID')
  if (Math.abs(now.getTime() - Number(timestamp)) > ASSISTANT_SIGNATURE_WINDOW_MS) throw new AppError('ASSISTANT_REQUEST_STALE')
  if (!(await deps.kv.setNX(`assistant:sig:${signature}`, '1', 2 * ASSISTANT_SIGNATURE_WINDOW_MS))) throw new AppError('ASSISTANT_REQUEST_STALE')
  return { userId: session.userId }
}

/** chat: the help center's best answer to the question, with its article and related questions; or "not understood" and the hotline. */
export function answerQuestion(deps: Pick<AssistantDeps, 'hotline'>, question: string, locale: Locale): AssistantAnswer {
  const { best, related } = searchHelp(question, locale)
  return {
    matched: !!best,
    answer: best?.answer ?? [],
    article: best ? { id: best.id, title: best.title } : null,
    related,
    hotline: deps.hotline,
  }
}

export function suggestions(deps: Pick<AssistantDeps, 'hotline'>, locale: Locale): AssistantSuggestions {
  return { questions: suggestedQuestions(locale), hotline: deps.hotline }
}
