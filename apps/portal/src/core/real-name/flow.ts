import { ROUTE_PATHS } from '@ess/contract/wire'
import { openRoute } from '../navigation'
import { platform } from '../platform'
import { resumeJumpDes } from '../links/des'
import type { VerifyOutcome } from './api'

/**
 * After a verification: success → identity/success (the native app is told through its bridge,
 * SPEC §1 "id-verify success"); the SPEC's real-name failure → identity/fail with the method to
 * retry; any other refusal was toasted and the form stays.
 */
export async function showOutcome(outcome: VerifyOutcome, method: 'idNumber' | 'bankCard', origin: string): Promise<void> {
  if (outcome.ok) {
    platform().bridge?.idVerifySuccess()
    // A jump into the mini-program that waited for this verification (SPEC §4, within its window) goes instead.
    if (await resumeJumpDes()) return
    await openRoute(ROUTE_PATHS.identitySuccess, { origin }, { replace: true })
  } else if (outcome.failed) {
    await openRoute(ROUTE_PATHS.identityFail, { origin, method })
  }
}
