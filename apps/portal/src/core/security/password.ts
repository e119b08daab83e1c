import { ROUTE_PATHS, wire, type PasswordChanged } from '@ess/contract/wire'
import { sealPair, sendSealed } from '../auth/login'
import type { OwnChannel } from '../auth/codes'
import { request, type RequestOptions } from '../http/request'
import { platform } from '../platform'
import { openRoute } from '../navigation'
import { privileged } from './identity'

/**
 * The password change of a logged-in user (contract updateUserPassword). Inside the privileged
 * window only the new pair is sent; outside it the current password and a code sent to the user's
 * own phone or email (scene updatePassword) too. Every password is sealed with the gateway's key.
 */
export interface PasswordChangeInput {
  password: string
  confirmPassword: string
  /** Outside the privileged window. */
  withCode?: { oldPassword: string; passCode: string; channel: OwnChannel }
}

const merge = (a: RequestOptions, b: RequestOptions): RequestOptions => ({
  ...a,
  ...b,
  handledErrorCodes: [...(a.handledErrorCodes ?? []), ...(b.handledErrorCodes ?? [])],
})

export function changePassword(input: PasswordChangeInput): Promise<PasswordChanged> {
  return privileged((outer) =>
    sendSealed(async (seal, options) => {
      const pair = await sealPair(seal, input.password, input.confirmPassword)
      const extra = input.withCode
        ? { oldPassword: (await seal(input.withCode.oldPassword)).cipher, passCode: input.withCode.passCode, passCodeChannel: input.withCode.channel }
        : {}
      return request(wire.updateUserPassword, { passCodeChannel: 'sms', ...extra, ...pair }, { ...merge(options, outer), needThrowErr: true })
    }),
  )
}

/** The channel a code for the password change goes to: the phone, else the email; null when neither is bound. */
export function ownCodeChannel(user: { phone?: string | null; email?: string | null } | null | undefined): OwnChannel | null {
  if (user?.phone) return 'sms'
  if (user?.email) return 'email'
  return null
}

/**
 * Back to the account security page after a change: back through the stack when it is there (so
 * Back afterwards does not return to the finished forms), else in place of the current page.
 */
export function backToAccountSecurity(): Promise<void> {
  const { nav } = platform()
  const routes = nav.stackRoutes()
  const at = routes.lastIndexOf(ROUTE_PATHS.accountSecurity)
  if (at >= 0 && at < routes.length - 1) return nav.navigateBack(routes.length - 1 - at)
  return openRoute(ROUTE_PATHS.accountSecurity, undefined, { replace: true })
}
