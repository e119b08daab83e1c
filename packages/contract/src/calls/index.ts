export * from './define'
export * from './system'
export * from './dict'
export * from './agreement'
export * from './login'

import { health } from './system'
import { dictList } from './dict'
import { getAppAgreements } from './agreement'
import { getPasswordPubKey } from './login'

/** Every call of the contract, by name. The gateway registers these; the OpenAPI is generated from them. */
export const calls = {
  health,
  dictList,
  getAppAgreements,
  getPasswordPubKey,
} as const
export type CallName = keyof typeof calls
