import type { Page } from '@playwright/test'

/**
 * Settings the browser tests give the gateway they start (playwright.config.ts), read by the tests
 * that depend on them.
 *
 * The resend interval of codes (CODE_RESEND_SECONDS, 60 s in a real deployment): several flows send
 * a second code to the destination that just got one (register, then change the password with a
 * code; register, then log in by code). Each waited out a whole minute, seven minutes of the suite
 * spent asleep; a short interval keeps the same rule, the countdown and the refusal, in seconds.
 */
export const CODE_RESEND_SECONDS = 5

/**
 * The difficulty of the puzzle's proof-of-work alternative (CAPTCHA_WORK_BITS, 18 in a real
 * deployment, a few seconds on a phone): the browser tests prove the way works, not the phone's
 * patience, so 12 bits (about 4,000 hashes) keep their gateway's test short.
 */
export const CAPTCHA_WORK_BITS = 12

/** Waits until a code may be sent again to a destination that got one at `since` (ms since the epoch). */
export async function waitOutResend(page: Page, since: number): Promise<void> {
  const left = since + CODE_RESEND_SECONDS * 1000 + 100 - Date.now()
  if (left > 0) await page.waitForTimeout(left)
}
