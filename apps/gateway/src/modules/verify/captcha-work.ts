import { randomBytes } from 'node:crypto'
import { CAPTCHA_WORK_PER_CLIENT_PER_HOUR, CAPTCHA_WORK_TTL_S, type CaptchaPass, type CaptchaWork, meetsCaptchaWork } from '@ess/contract'
import { AppError } from '../../lib/app-error'
import { type ClientOrigin, clientKey } from '../../lib/client-origin'
import { countInWindow, putRecord } from '../../lib/throttle'
import { type CaptchaDeps, checkOnce, refuseLockedClient } from './captcha'

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

/** Checks a nonce on a proof-of-work challenge (checkOnce: one check, the puzzle's lockout, the same token). */
export function checkCaptchaWork(deps: CaptchaDeps, origin: ClientOrigin, answer: { challengeId: string; nonce: string }): Promise<CaptchaPass> {
  return checkOnce<WorkRecord>(deps, origin, { key: workKey(answer.challengeId), what: 'proof of work' }, (work) =>
    meetsCaptchaWork(work.challenge, answer.nonce, work.bits) ? undefined : 'work not done',
  )
}
