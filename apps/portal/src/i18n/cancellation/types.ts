import type { CancellationLoss } from '@ess/contract/wire'

/**
 * The texts of account cancellation (packages/safety/accountCancel, confirmCancel). One file per
 * language of this type, part of the app's Dictionary as `cancellation`.
 */
export interface CancellationDictionary {
  heroTitle: string
  heroText: string
  lossesTitle: string
  losses: Record<CancellationLoss, string>
  /** `{phone}` / `{email}`: what the account holds now, masked. */
  holdsPhone: string
  holdsEmail: string
  realNameLinked: string
  beforeTitle: string
  before: string[]
  /** `{phone}` */
  hotline: string
  next: string
  confirmIntro: string
  /** The agreement line; `{links}` marks where the agreement link goes. */
  agreeSentence: string
  confirmButton: string
  confirmDialog: string
  /** The last dialog's way out: says what is kept (never "Cancel" beside "Cancel my account"). */
  keepAccount: string
  done: string
}
