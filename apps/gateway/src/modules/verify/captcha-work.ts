import { randomBytes } from 'node:crypto'
import { CAPTCHA_WORK_PER_CLIENT_PER_HOUR, CAPTCHA_WORK_TTL_S, type CaptchaPass, type CaptchaWork, meetsCaptchaWork } from '@ess/contract'
import { AppError } from '../../lib/app-error'
import { type ClientOrigin, clientKey } from '../../lib/client-origin'
import { countInWindow, liveRecord, putRecord, recordFailure } from '../../lib/throttle'
import { type CaptchaDeps, lockoutOf, passed, refuseLockedClient } from './captcha'

// The slider puzzle's alternative for people who cannot see it (docs/accessibility.md): a proof of
// work (contract calls/wire.ts). A client pays it on every attempt, within a budget smaller than the
// puzzles it may draw; wrong answers count toward the same lockout as wrong drops.

interface WorkRecord {
  challenge: string
  bits: number
  deviceId: string
}

const workKey = (id: string) => `captcha:work:${id}`
const HOUR_MS = 3_600_000

/** A new challenge for a client, at the configured difficulty; kept CAPTCHA_WORK_TTL_S. */
export async function createCaptchaWork(deps: CaptchaDeps, origin: ClientOrigin): Promise<CaptchaWork> {
  await refuseLockedClient(deps, origin)
  const now = deps.now()
  if ((await countInWindow(deps.kv, `captcha:work-taken:${clientKey(origin)}`, HOUR_MS, now)) > CAPTCHA_WORK_PER_CLIENT_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS')
  }
  const challengeId = randomBytes(16).toString('base64url')
  const work: WorkRecord = { challenge: randomBytes(16).toString('base64url'), bits: deps.captchaWorkBits, deviceId: origin.deviceId }
  await putRecord(deps.kv, workKey(challengeId), work, now, CAPTCHA_WORK_TTL_S * 1000)
  return { challengeId, challenge: work.challenge, bits: work.bits, expiresIn: CAPTCHA_WORK_TTL_S }
}

/** Why an answer is refused, or undefined when it passes. */
function whyRefused(work: WorkRecord | undefined, origin: ClientOrigin, nonce: string): string | undefined {
  if (!work) return 'unknown, used or expired challenge'
  if (work.deviceId !== origin.deviceId) return 'challenge of another device'
  return meetsCaptchaWork(work.challenge, nonce, work.bits) ? undefined : 'work not done'
}

/**
 * Checks a nonce once: the challenge is taken out of the store first, right or wrong. A right one
 * earns the same single-use token as a solved puzzle; a wrong one counts against the client.
 */
export async function checkCaptchaWork(deps: CaptchaDeps, origin: ClientOrigin, answer: { challengeId: string; nonce: string }): Promise<CaptchaPass> {
  const failures = await refuseLockedClient(deps, origin)
  const now = deps.now()
  const work = liveRecord<WorkRecord>(await deps.kv.take(workKey(answer.challengeId)), now)
  const failure = whyRefused(work, origin, answer.nonce)
  if (failure) {
    const locked = await recordFailure(deps.kv, lockoutOf(origin), now)
    deps.log.info({ captchaWork: failure, locked }, 'captcha work failed')
    throw new AppError('IMAGE_CAPTCHA_FAILED')
  }
  return passed(deps, origin, failures)
}
