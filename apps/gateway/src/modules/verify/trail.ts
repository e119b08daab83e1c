import { CAPTCHA_MIN_SLIDE_MS, CAPTCHA_MIN_TRAIL_POINTS, CAPTCHA_TOLERANCE_PX, type TrailPoint } from '@ess/contract'

export type TrailVerdict = { human: true } | { human: false; reason: string }

/** A single step covering more than this share of the slide is a jump, not a drag. */
const MAX_STEP_SHARE = 0.5
/** Speeds varying less than this (coefficient of variation) are a machine's constant velocity. */
const MIN_SPEED_VARIATION = 0.1

const no = (reason: string): TrailVerdict => ({ human: false, reason })

function coefficientOfVariation(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  if (mean === 0) return 0
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length
  return Math.sqrt(variance) / Math.abs(mean)
}

/**
 * Whether the recorded drag looks like a person's: enough points, time that only moves forward,
 * at least CAPTCHA_MIN_SLIDE_MS long, ending where the piece was dropped, with no jump and a
 * speed that changes (people accelerate and slow down; scripts tend to move in one step or at a
 * constant rate). It raises the cost of a script; it does not make one impossible.
 */
export function judgeTrail(trail: TrailPoint[], droppedAt: number): TrailVerdict {
  if (trail.length < CAPTCHA_MIN_TRAIL_POINTS) return no('too few points')
  for (let i = 1; i < trail.length; i++) if (trail[i].t < trail[i - 1].t) return no('time goes back')
  const first = trail[0]
  const last = trail[trail.length - 1]
  if (last.t - first.t < CAPTCHA_MIN_SLIDE_MS) return no('too fast')
  const distance = last.x - first.x
  if (Math.abs(distance - droppedAt) > CAPTCHA_TOLERANCE_PX) return no('the trail does not end where the piece was dropped')

  const speeds: number[] = []
  for (let i = 1; i < trail.length; i++) {
    const dx = trail[i].x - trail[i - 1].x
    if (Math.abs(dx) > Math.max(MAX_STEP_SHARE * Math.abs(distance), CAPTCHA_TOLERANCE_PX)) return no('jump')
    const dt = trail[i].t - trail[i - 1].t
    if (dt > 0) speeds.push(dx / dt)
  }
  if (speeds.length < CAPTCHA_MIN_TRAIL_POINTS - 1) return no('too few timed points')
  if (coefficientOfVariation(speeds) < MIN_SPEED_VARIATION) return no('constant speed')
  return { human: true }
}
