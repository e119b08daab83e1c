import { wire, type CancellationInfo } from '@ess/contract/wire'
import { forgetAccount } from '../auth/session'
import { request } from '../http/request'
import { relaunchHome } from '../navigation'
import { toast } from '../toast'
import { privileged } from './identity'
import { textsNow } from '../../i18n/domain'
import { cancellationTexts } from '../../i18n/cancellation'

/**
 * Account cancellation (SPEC §1, §2): the checklist, then — after the identity check and the
 * cancellation agreement ticked — the irreversible call. Afterwards the app forgets the account
 * (tokens and the account's stored values) and starts again at home as a visitor, with a toast.
 */
export function loadCancellationInfo(): Promise<CancellationInfo | undefined> {
  return request(wire.cancellationInfo)
}

/** The cancellation itself; false when it was refused (toasted, or sent through the identity check again). */
export async function cancelAccount(agreementIds: string[]): Promise<boolean> {
  const done = await privileged((options) => request(wire.cancelAccount, { agreementIds }, options)).catch(() => undefined)
  if (!done) return false
  forgetAccount()
  await relaunchHome()
  toast(textsNow(cancellationTexts).done)
  return true
}
