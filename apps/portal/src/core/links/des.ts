import { INNER_JUMP_DESTINATIONS, JUMP_RESUME_WINDOW_S, ROUTE_PATHS, type InnerJumpDestination } from '@ess/contract/wire'
import { openRoute } from '../navigation'
import { platform } from '../platform'
import { getToken } from '../session'

const KEY = 'jump-des'

interface PendingJump {
  des: InnerJumpDestination
  at: number
}

const isDestination = (value: unknown): value is InnerJumpDestination => (INNER_JUMP_DESTINATIONS as readonly unknown[]).includes(value)

/**
 * SPEC §4: a jump into the mini-program with a `des` (one of the inner jump destinations) is
 * remembered, to be resumed after the login or the real-name verification it may need. Answers
 * whether one was remembered.
 */
export function rememberJumpDes(query: Record<string, string | undefined>, now = Date.now()): boolean {
  if (platform().kind !== 'weapp' || !isDestination(query.des)) return false
  platform().session.set(KEY, JSON.stringify({ des: query.des, at: now } satisfies PendingJump))
  return true
}

/** The remembered destination, taken (once): null when there is none or it is older than JUMP_RESUME_WINDOW_S. */
export function takeJumpDes(now = Date.now()): InnerJumpDestination | null {
  const raw = platform().session.get(KEY)
  platform().session.remove(KEY)
  try {
    const pending = raw ? (JSON.parse(raw) as PendingJump) : null
    if (!pending || !isDestination(pending.des) || typeof pending.at !== 'number') return null
    return now >= pending.at && now - pending.at < JUMP_RESUME_WINDOW_S * 1000 ? pending.des : null
  } catch {
    return null
  }
}

/**
 * Resumes a remembered jump within its window (the transition page makes the jump, with its own
 * real-name gate and auto-jump guard); a stale one is dropped. Answers whether a jump was resumed.
 */
export async function resumeJumpDes(now = Date.now()): Promise<boolean> {
  if (!getToken()) return false
  const des = takeJumpDes(now)
  if (!des) return false
  await openRoute(ROUTE_PATHS.jumpTransition, { dest: des }, { replace: true })
  return true
}
