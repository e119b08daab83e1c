import { randomBytes } from 'node:crypto'
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_PIECE_SIZE,
  CAPTCHA_TOKEN_TTL_S,
  CAPTCHA_TOLERANCE_PX,
  CAPTCHA_TTL_S,
  CAPTCHA_WIDTH,
  type Captcha,
  type CaptchaPass,
  type TrailPoint,
} from '@ess/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { type ClientOrigin, clientKey } from '../../lib/client-origin'
import { newToken, sha256Hex } from '../../lib/digest'
import { type Lockout, clearFailures, countInWindow, liveRecord, lockState, putRecord, recordFailure } from '../../lib/throttle'
import { drawPuzzle } from './captcha-image'
import { LIMITS } from './limits'
import { judgeTrail } from './trail'

export interface CaptchaDeps {
  kv: Kv
  now: () => Date
  log: FastifyBaseLogger
  /** Puzzles one client may draw per minute (each is drawn on the server): config CAPTCHAS_PER_CLIENT_PER_MINUTE. */
  captchasPerMinute: number
  /** Zero bits of the proof of work that stands in for the puzzle: config CAPTCHA_WORK_BITS. */
  captchaWorkBits: number
}

interface PuzzleRecord {
  x: number
  deviceId: string
}

interface TokenRecord {
  deviceId: string
}

const png = (buffer: Buffer) => `data:image/png;base64,${buffer.toString('base64')}`
const lockoutOf = (origin: ClientOrigin): Lockout => ({ key: `captcha:client:${clientKey(origin)}`, ...LIMITS.captchaFailures })
const puzzleKey = (id: string) => `captcha:puzzle:${id}`
const tokenKey = (token: string) => `captcha:token:${sha256Hex(token)}`

/** Refuses a locked-out client; answers the failures it has counted so far. */
export async function refuseLockedClient({ kv, now }: CaptchaDeps, origin: ClientOrigin): Promise<number> {
  const lock = await lockState(kv, lockoutOf(origin), now())
  if (lock.remainingMs) throw new AppError('TOO_MANY_REQUESTS')
  return lock.failures
}

/** A new puzzle for a client; only the answer is kept, for CAPTCHA_TTL_S. */
export async function createCaptcha(deps: CaptchaDeps, origin: ClientOrigin): Promise<Captcha> {
  await refuseLockedClient(deps, origin)
  const now = deps.now()
  if ((await countInWindow(deps.kv, `captcha:drawn:${clientKey(origin)}`, 60_000, now)) > deps.captchasPerMinute) {
    throw new AppError('TOO_MANY_REQUESTS')
  }
  const puzzle = drawPuzzle()
  const captchaId = randomBytes(16).toString('base64url')
  await putRecord(deps.kv, puzzleKey(captchaId), { x: puzzle.x, deviceId: origin.deviceId } satisfies PuzzleRecord, now, CAPTCHA_TTL_S * 1000)
  return {
    captchaId,
    background: png(puzzle.background),
    piece: png(puzzle.piece),
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    pieceWidth: CAPTCHA_PIECE_SIZE,
    pieceHeight: CAPTCHA_PIECE_SIZE,
    pieceY: puzzle.y,
    expiresIn: CAPTCHA_TTL_S,
  }
}

export interface CaptchaAnswer {
  captchaId: string
  x: number
  trail: TrailPoint[]
}

/** Why a drop misses the puzzle, or undefined when it passes. */
function whyWrongDrop(puzzle: PuzzleRecord, answer: CaptchaAnswer): string | undefined {
  if (Math.abs(answer.x - puzzle.x) > CAPTCHA_TOLERANCE_PX) return 'wrong position'
  const verdict = judgeTrail(answer.trail, answer.x)
  return verdict.human ? undefined : verdict.reason
}

/** Checks a drop on a puzzle (checkOnce). */
export function checkCaptcha(deps: CaptchaDeps, origin: ClientOrigin, answer: CaptchaAnswer): Promise<CaptchaPass> {
  return checkOnce<PuzzleRecord>(deps, origin, { key: puzzleKey(answer.captchaId), what: 'puzzle' }, (puzzle) => whyWrongDrop(puzzle, answer))
}

/**
 * One check of a stored challenge (a puzzle, a proof of work: `what`). The record is taken out of
 * the store first, so it answers one check, right or wrong, and only on the device it was given to.
 * A pass forgets the client's failures and gives a single-use token bound to its device for
 * CAPTCHA_TOKEN_TTL_S; a failure counts against the client, which is locked out after
 * LIMITS.captchaFailures, puzzle and proof of work alike.
 */
export async function checkOnce<T extends { deviceId: string }>(
  deps: CaptchaDeps,
  origin: ClientOrigin,
  challenge: { key: string; what: string },
  whyWrong: (record: T) => string | undefined,
): Promise<CaptchaPass> {
  const failures = await refuseLockedClient(deps, origin)
  const now = deps.now()
  const record = liveRecord<T>(await deps.kv.take(challenge.key), now)
  const failure = !record
    ? `unknown, used or expired ${challenge.what}`
    : record.deviceId !== origin.deviceId
      ? `${challenge.what} of another device`
      : whyWrong(record)
  if (failure) {
    const locked = await recordFailure(deps.kv, lockoutOf(origin), now)
    deps.log.info({ captcha: failure, locked }, `${challenge.what} failed`)
    throw new AppError('IMAGE_CAPTCHA_FAILED')
  }
  await clearFailures(deps.kv, lockoutOf(origin), failures)
  const captchaToken = newToken()
  await putRecord(deps.kv, tokenKey(captchaToken), { deviceId: origin.deviceId } satisfies TokenRecord, now, CAPTCHA_TOKEN_TTL_S * 1000)
  return { captchaToken, expiresIn: CAPTCHA_TOKEN_TTL_S }
}

/** Uses up a captcha token of this device; IMAGE_CAPTCHA_FAILED when it is unknown, used or expired. */
export async function spendCaptchaToken(deps: Pick<CaptchaDeps, 'kv' | 'now'>, origin: ClientOrigin, token: string): Promise<void> {
  const record = liveRecord<TokenRecord>(await deps.kv.take(tokenKey(token)), deps.now())
  if (!record || record.deviceId !== origin.deviceId) throw new AppError('IMAGE_CAPTCHA_FAILED')
}
