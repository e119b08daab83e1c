import { ROUTE_PATHS, wire, type RoutePath, type UserInfo } from '@ess/contract/wire'
import { isRoute } from '../auth/target'
import { userStore } from '../auth/user-store'
import { confirm } from '../confirm'
import { request } from '../http/request'
import { platform } from '../platform'
import { loadSecurityMethods, openIdentityCheck, privileged, windowOpen } from './identity'

/**
 * Binding, changing and removing the phone and email (privileged window; the code of scene `bind`
 * goes to the NEW contact). Each answers the updated user, which replaces the one in the store.
 * Refusals (ALREADY_REGISTERED, CONTACT_UNCHANGED, CONTACT_ALREADY_BOUND, LAST_SIGN_IN_METHOD…)
 * are toasted in the user's language by the request client and reject.
 */
export type ContactMode = 'bind' | 'change'

/** The `mode` query value of the phone / email forms. */
export function contactMode(raw: string | undefined): ContactMode {
  return raw === 'change' ? 'change' : 'bind'
}

function updated(user: UserInfo): UserInfo {
  userStore.setState({ user })
  return user
}

export async function savePhone(mode: ContactMode, body: { region: string; phone: string; code: string }): Promise<UserInfo> {
  const call = mode === 'change' ? wire.changePhone : wire.bindOrChangePhone
  return updated(await privileged((options) => request(call, { region: body.region, phone: body.phone.trim(), code: body.code }, options)))
}

export async function saveEmail(mode: ContactMode, body: { email: string; code: string }): Promise<UserInfo> {
  const call = mode === 'change' ? wire.changeEmail : wire.bindOrChangeEmail
  return updated(await privileged((options) => request(call, { email: body.email.trim(), code: body.code }, options)))
}

export async function removeContact(channel: 'sms' | 'email'): Promise<UserInfo> {
  return updated(await privileged((options) => request(wire.unbindContact, { channel }, options)))
}

let pendingRemoval: 'sms' | 'email' | null = null

/**
 * Removing the bound phone or email: the user confirms, then the identity check runs first when
 * the privileged window is closed (coming back to this page, which calls `resumeRemoval` on show).
 * Resolves the updated user once removed, undefined otherwise (cancelled, sent to the check, or
 * refused — e.g. LAST_SIGN_IN_METHOD, toasted).
 */
export async function removeContactFlow(channel: 'sms' | 'email', message: string): Promise<UserInfo | undefined> {
  if (!(await confirm({ message }))) return undefined
  const methods = await loadSecurityMethods()
  if (!methods) return undefined
  if (!windowOpen(methods)) {
    pendingRemoval = channel
    const here = platform().nav.currentRoute()
    await openIdentityCheck({ route: (isRoute(here) ? here : ROUTE_PATHS.accountSecurity) as RoutePath, query: {} }, { back: true })
    return undefined
  }
  return removeContact(channel).catch(() => undefined)
}

/** On show of the page that asked for a removal: carries it out once the check has opened the window. */
export async function resumeRemoval(): Promise<UserInfo | undefined> {
  const channel = pendingRemoval
  pendingRemoval = null
  if (!channel) return undefined
  const methods = await loadSecurityMethods()
  if (!windowOpen(methods)) return undefined
  return removeContact(channel).catch(() => undefined)
}

/** Test helper. */
export function resetPendingRemoval(): void {
  pendingRemoval = null
}
