import { CODE_RESEND_COUNTDOWN_S } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'

/**
 * Resend countdowns of verification codes (SPEC §4), by a key naming the scene and destination
 * (`codeKey`). Kept in a store so leaving and reopening a screen keeps the countdown.
 */
export const countdownStore = createStore<{ until: Record<string, number> }>(() => ({ until: {} }))

export function codeKey(scene: string, destination: string): string {
  return `${scene}:${destination.trim().toLowerCase()}`
}

export function startCountdown(key: string, seconds: number = CODE_RESEND_COUNTDOWN_S, now = Date.now()): void {
  countdownStore.setState((s) => ({ until: { ...s.until, [key]: now + seconds * 1000 } }))
}

/** Whole seconds left before another code may be asked for (0 = may ask now). */
export function remainingSeconds(key: string, now = Date.now()): number {
  const until = countdownStore.getState().until[key]
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0
}

export function resetCountdowns(): void {
  countdownStore.setState({ until: {} })
}
