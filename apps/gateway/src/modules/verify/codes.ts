import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { CODE_MAX_TRIES, CODE_TTL_S, type CodeSent, type Locale } from '@ess/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import type { Kv } from '../../infra/kv'
import type { Channel, DeliveryOutcome, Notifier } from '../../infra/notifier'
import { afterAnswer } from '../../infra/notifier/background'
import { DeliveryError } from '../../infra/notifier/delivery'
import { AppError } from '../../lib/app-error'
import { type ClientOrigin, clientKey } from '../../lib/client-origin'
import { claimCooldown, countToday, liveRecord, putRecord } from '../../lib/throttle'
import { LIMITS } from './limits'

export interface CodeDeps {
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  notifier: Notifier
  log: FastifyBaseLogger
  /** Seconds before a destination may get another code (CODE_RESEND_SECONDS). */
  codeResendSeconds: number
  /**
   * Resolves once the call's answer is written (lib/answered.ts); a `background` delivery starts
   * only then. Needed by calls that send in the background (password recovery).
   */
  answered?: () => Promise<void>
}

/** Where a code goes and what for: a code is good only for the scene and destination it was sent for. */
export interface CodeTarget {
  scene: string
  channel: Channel
  /** E.164 phone or lower-case email. */
  to: string
}

const codeKey = ({ scene, channel, to }: CodeTarget) => `code:${scene}:${channel}:${to}`
const purposeOf = (target: CodeTarget) => codeKey(target)
const seconds = (ms: number) => Math.ceil(ms / 1000)

async function refuseOverDailyCaps({ kv }: CodeDeps, target: CodeTarget, origin: ClientOrigin, now: Date) {
  const client = clientKey(origin)
  const [byDestination, byClient] = await Promise.all([
    countToday(kv, `code:daily:to:${target.channel}:${target.to}`, now),
    countToday(kv, `code:daily:client:${client}`, now),
  ])
  if (byDestination > LIMITS.codesPerDestinationPerDay || byClient > LIMITS.codesPerClientPerDay) {
    throw new AppError('CODE_DAILY_LIMIT')
  }
}

/**
 * How a code leaves: `await` (the call answers once the queue accepted the message and its first
 * delivery attempt ended or SMS_SEND_WAIT_MS passed; a refusal for good voids the code and answers
 * SMS_CODE_UNDELIVERABLE / EMAIL_CODE_FAILED, a queue that cannot take it SMS_CODE_FAILED /
 * EMAIL_CODE_FAILED), `background` (rendered and queued only once the answer is written: the
 * answer says nothing of the delivery, and waits for none of its work), or `never` (kept but not sent: password recovery for a phone or email no account
 * holds, answered exactly like a known one).
 */
export type Delivery = 'await' | 'background' | 'never'

/**
 * Sends a new 6-digit code, replacing any earlier one of the target. A destination gets at most
 * one code per `codeResendSeconds` (CODE_RESEND_SECONDS, whatever the scene) and LIMITS per day, as does a client.
 * Only an HMAC of the code is kept, for CODE_TTL_S.
 */
export async function sendCode(
  deps: CodeDeps,
  target: CodeTarget,
  origin: ClientOrigin,
  locale: Locale,
  sentTo: string,
  delivery: Delivery = 'await',
): Promise<CodeSent> {
  const now = deps.now()
  const cooldownKey = `code:cooldown:${target.channel}:${target.to}`
  const waitMs = await claimCooldown(deps.kv, cooldownKey, now, deps.codeResendSeconds * 1000)
  if (waitMs) throw new AppError('CODE_RESEND_TOO_SOON', { params: { seconds: seconds(waitMs) }, retryAfterS: seconds(waitMs) })
  await refuseOverDailyCaps(deps, target, origin, now)

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const key = codeKey(target)
  await putRecord(deps.kv, key, { digest: deps.hmacKey.digest(purposeOf(target), code) }, now, CODE_TTL_S * 1000)
  await deps.kv.del(`${key}:tries`)
  // One message per call (the queue's idempotency key): a retried delivery never sends a second one.
  const send = () =>
    deps.notifier.send(
      { channel: target.channel, to: target.to, locale, template: 'verificationCode', params: { code, minutes: String(CODE_TTL_S / 60) } },
      { idempotencyKey: `code:${target.scene}:${randomUUID()}` },
    )
  if (delivery !== 'await') {
    if (delivery === 'background') {
      if (!deps.answered) throw new Error('a background delivery needs deps.answered')
      afterAnswer(deps.answered(), send, (error) => deps.log.warn({ err: error, scene: target.scene, channel: target.channel }, 'verification code not sent'))
    }
    return { sentTo, resendAfter: deps.codeResendSeconds, expiresIn: CODE_TTL_S }
  }
  const voidCode = () => Promise.all([deps.kv.del(key), deps.kv.del(cooldownKey)])
  let outcome: DeliveryOutcome
  try {
    outcome = await (await send()).outcome()
  } catch (error) {
    await voidCode()
    // Refused before queuing: no template for the number's region (nothing was written).
    if (error instanceof DeliveryError && error.permanent && target.channel === 'sms') throw new AppError('SMS_REGION_UNSUPPORTED', { cause: error })
    throw new AppError(target.channel === 'sms' ? 'SMS_CODE_FAILED' : 'EMAIL_CODE_FAILED', { cause: error })
  }
  if (outcome === 'limited') {
    // The provider's daily limit resets only tomorrow: no point in retrying, and the user knows why.
    await voidCode()
    throw new AppError(target.channel === 'sms' ? 'SMS_DAILY_LIMIT' : 'EMAIL_CODE_FAILED')
  }
  if (outcome === 'failed') {
    // Refused for good (invalid number, template refused): the user is told, and may correct the number at once.
    await voidCode()
    throw new AppError(target.channel === 'sms' ? 'SMS_CODE_UNDELIVERABLE' : 'EMAIL_CODE_FAILED')
  }
  deps.log.info({ scene: target.scene, channel: target.channel, outcome }, 'verification code queued')
  return { sentTo, resendAfter: deps.codeResendSeconds, expiresIn: CODE_TTL_S }
}

/**
 * Uses up the code of a target. Every try counts: after CODE_MAX_TRIES the code is dead. A wrong
 * code answers WRONG_VERIFICATION_CODE; a missing, expired, dead or already used one CODE_EXPIRED.
 */
export async function useCode(deps: Pick<CodeDeps, 'kv' | 'now' | 'hmacKey'>, target: CodeTarget, code: string): Promise<void> {
  const key = codeKey(target)
  const record = liveRecord<{ digest: string }>(await deps.kv.get(key), deps.now())
  if (!record) throw new AppError('CODE_EXPIRED')
  const tries = await deps.kv.incr(`${key}:tries`, (CODE_TTL_S + 60) * 1000)
  if (tries > CODE_MAX_TRIES) {
    await deps.kv.del(key)
    throw new AppError('CODE_EXPIRED')
  }
  const given = Buffer.from(deps.hmacKey.digest(purposeOf(target), code), 'hex')
  if (!timingSafeEqual(given, Buffer.from(record.digest, 'hex'))) {
    if (tries === CODE_MAX_TRIES) await deps.kv.del(key)
    throw new AppError('WRONG_VERIFICATION_CODE')
  }
  // Of two requests with the right code, only the one that takes it goes on.
  if (!(await deps.kv.take(key))) throw new AppError('CODE_EXPIRED')
}
