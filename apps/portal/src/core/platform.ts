import type { Platform } from '../platform/types'

/**
 * The platform the core runs on, installed once at start by `src/bootstrap.ts` (and by tests).
 * Core modules ask for it when they run, never at import time.
 */
let current: Platform | null = null

export function installPlatform(platform: Platform): void {
  current = platform
}

export function platform(): Platform {
  if (!current) throw new Error('No platform installed: import src/bootstrap first')
  return current
}
