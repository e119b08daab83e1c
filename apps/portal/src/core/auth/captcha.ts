import { CAPTCHA_MAX_TRAIL_POINTS, meetsCaptchaWork, wire, type Captcha, type CaptchaWork, type TrailPoint } from '@ess/contract/wire'
import { request } from '../http/request'

/**
 * The slider puzzle's logic (the component only draws it). The user drags a handle; the piece
 * follows along x. Positions are recorded in BACKGROUND pixels (the puzzle may be drawn scaled),
 * relative to where the drag started, with `t` in ms since the drag started, as the gateway
 * judges the trail (contract verify.ts).
 */
export interface TrailRecorder {
  /** Pointer down at screen coordinates. */
  start(clientX: number, clientY: number, now?: number): void
  /** Pointer moved: the piece's new left edge, in background pixels (clamped to the track). */
  move(clientX: number, clientY: number, now?: number): number
  /** Pointer up: where the piece was dropped and the whole trail (at least the start point). */
  end(clientX?: number, clientY?: number, now?: number): { x: number; trail: TrailPoint[] }
  /** Current left edge of the piece (background pixels). */
  readonly x: number
  readonly dragging: boolean
}

export interface TrailGeometry {
  /** Background pixels per screen pixel (puzzle width / drawn width). */
  scale: number
  /** Furthest the piece may go: width - pieceWidth (background pixels). */
  maxX: number
}

const round = (v: number) => Math.round(v * 100) / 100

export function createTrailRecorder({ scale, maxX }: TrailGeometry): TrailRecorder {
  let origin: { x: number; y: number; t: number } | null = null
  let trail: TrailPoint[] = []
  let x = 0

  const point = (clientX: number, clientY: number, now: number): TrailPoint => ({
    x: round((clientX - origin!.x) * scale),
    y: round((clientY - origin!.y) * scale),
    t: Math.max(0, Math.round(now - origin!.t)),
  })
  const clamp = (v: number) => Math.min(Math.max(v, 0), maxX)
  const push = (p: TrailPoint) => {
    const last = trail[trail.length - 1]
    // Time never goes back; the last slot is kept for the drop.
    const entry = last && p.t < last.t ? { ...p, t: last.t } : p
    if (trail.length >= CAPTCHA_MAX_TRAIL_POINTS) trail[trail.length - 1] = entry
    else trail.push(entry)
  }

  return {
    get x() {
      return x
    },
    get dragging() {
      return origin !== null
    },
    start(clientX, clientY, now = Date.now()) {
      origin = { x: clientX, y: clientY, t: now }
      trail = [{ x: 0, y: 0, t: 0 }]
      x = 0
    },
    move(clientX, clientY, now = Date.now()) {
      if (!origin) return x
      const p = point(clientX, clientY, now)
      push(p)
      x = clamp(p.x)
      return x
    },
    end(clientX, clientY, now = Date.now()) {
      if (!origin) return { x, trail }
      if (clientX !== undefined && clientY !== undefined) {
        const p = point(clientX, clientY, now)
        const last = trail[trail.length - 1]
        if (!last || last.x !== p.x || last.y !== p.y) push(p)
        x = clamp(p.x)
      }
      origin = null
      return { x: round(x), trail }
    },
  }
}

/** A new puzzle, or undefined when it could not be loaded (the toast has been shown). */
export function loadCaptcha(): Promise<Captcha | undefined> {
  return request(wire.getCaptcha)
}

/**
 * Checks a drop. Resolves the single-use captcha token, or undefined when refused (a refused
 * puzzle is used up: load a new one). No toast: the puzzle shows the failure itself.
 */
export async function verifyCaptcha(captchaId: string, drop: { x: number; trail: TrailPoint[] }): Promise<string | undefined> {
  const pass = await request(wire.checkCaptcha, { captchaId, x: drop.x, trail: drop.trail }, { needShowToast: false })
  return pass?.captchaToken
}

/**
 * The puzzle's alternative for people who cannot see it (docs/accessibility.md): the gateway's
 * proof-of-work challenge (contract `getCaptchaWork`), searched here, traded for the same token.
 */
export function loadCaptchaWork(): Promise<CaptchaWork | undefined> {
  return request(wire.getCaptchaWork)
}

export interface WorkSearch {
  /** Called between slices with the share of the expected work done so far (0–1, may pass 1). */
  onProgress?: (done: number) => void
  /** Asked between slices: true stops the search (the popup was closed). */
  stopped?: () => boolean
  /** Hashes between two yields to the UI thread. */
  sliceSize?: number
}

/**
 * Finds a nonce meeting the work, in slices that give the UI thread its turn between them (the
 * mini-program has no workers for this); undefined when stopped. 2^bits tries are expected.
 */
export async function searchCaptchaWork(work: Pick<CaptchaWork, 'challenge' | 'bits'>, search: WorkSearch = {}): Promise<string | undefined> {
  const slice = search.sliceSize ?? 2048
  const expected = 2 ** work.bits
  for (let nonce = 0; nonce < Number.MAX_SAFE_INTEGER; ) {
    const end = nonce + slice
    for (; nonce < end; nonce++) if (meetsCaptchaWork(work.challenge, String(nonce), work.bits)) return String(nonce)
    search.onProgress?.(nonce / expected)
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (search.stopped?.()) return undefined
  }
  return undefined
}

/** Trades a found nonce for the captcha token; undefined when refused (no toast: the popup says it). */
export async function verifyCaptchaWork(challengeId: string, nonce: string): Promise<string | undefined> {
  const pass = await request(wire.checkCaptchaWork, { challengeId, nonce }, { needShowToast: false })
  return pass?.captchaToken
}
