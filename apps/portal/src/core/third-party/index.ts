import {
  ERRORS,
  OAUTH_RETURN_PARAMS,
  THIRD_PARTY_PROVIDERS,
  errorMessage,
  wire,
  type BindingInfo,
  type ErrorCode,
  type Locale,
  type LoginState,
  type ThirdPartyLogin,
  type ThirdPartyProvider,
} from '@ess/contract/wire'
import { sendSealed } from '../auth/login'
import { grantPrivacyConsent } from '../auth/consent'
import { completeLogin, type LoginSuccessOptions } from '../auth/session'
import { request, type RequestOptions } from '../http/request'
import { platform } from '../platform'
import { privileged } from '../security/identity'
import { providerReturnUrl } from './providers'

export { canLeaveForProvider, hasOAuthReturn, loadBindLoginAccount, loadProviders, startProviderLogin } from './providers'

/**
 * Third-party accounts (contract third-party.ts): sign-in with WeChat, QQ or Weibo and the binding
 * list. The browser leaves for the provider and comes back to the page that started, whose query
 * then carries a ticket or an error code (OAUTH_RETURN_PARAMS). Only the web can leave the app for
 * a provider's page; the mini-program signs in with WeChat its own way (pages/login).
 */
const THROW = { needThrowErr: true } as const

export type OAuthReturn =
  | { kind: 'ticket'; ticket: string; provider: ThirdPartyProvider }
  | { kind: 'error'; message: string; provider: ThirdPartyProvider | null }
  | null

const isProvider = (value: unknown): value is ThirdPartyProvider => (THIRD_PARTY_PROVIDERS as readonly unknown[]).includes(value)

/** What the provider's return brought to this page's query, the error in the user's language. */
export function readOAuthReturn(params: Record<string, string | undefined>, locale: Locale): OAuthReturn {
  const provider = isProvider(params[OAUTH_RETURN_PARAMS.provider]) ? (params[OAUTH_RETURN_PARAMS.provider] as ThirdPartyProvider) : null
  const ticket = params[OAUTH_RETURN_PARAMS.ticket]
  if (ticket && provider) return { kind: 'ticket', ticket, provider }
  const error = params[OAUTH_RETURN_PARAMS.error]
  if (!error) return null
  const code: ErrorCode = error in ERRORS ? (error as ErrorCode) : 'OAUTH_FAILED'
  return { kind: 'error', message: errorMessage(code, locale), provider }
}

/** Takes the ticket or error out of the address (H5), so a reload does not spend it again. */
export function forgetOAuthReturn(): void {
  if (typeof window === 'undefined' || !window.history?.replaceState || !window.location) return
  const { hash, pathname, search } = window.location
  const q = hash.indexOf('?')
  if (q < 0) return
  const params = new URLSearchParams(hash.slice(q + 1))
  for (const key of Object.values(OAUTH_RETURN_PARAMS)) params.delete(key)
  const rest = params.toString()
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash.slice(0, q)}${rest ? `?${rest}` : ''}`)
}

/** Leaves for the provider to bind an account (after the identity check, which `privileged` asks for). */
export async function startProviderBinding(provider: ThirdPartyProvider): Promise<void> {
  const { authorizeUrl } = await privileged((options) => request(wire.thirdPartyBindAuthorize, { provider, returnUrl: providerReturnUrl() }, options))
  platform().system.leaveTo(authorizeUrl)
}

/** Signs in with a returned ticket; an account not bound yet answers what to bind. */
export async function loginWithTicket(ticket: string, options: LoginSuccessOptions = {}): Promise<ThirdPartyLogin> {
  grantPrivacyConsent()
  const result = await request(wire.thirdPartyLogin, { ticket }, THROW)
  if (result.status === 'signedIn') await completeLogin(result.login, options)
  return result
}

/** Binds the pending external account to an existing account by its password, and signs in. */
export async function bindToAccount(
  input: { bindLoginToken: string; externalId: string; account: string; password: string; captchaToken: string },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  const state = await sendSealed(async (seal, requestOptions) => {
    const { cipher, keyId } = await seal(input.password)
    const body = { bindLoginToken: input.bindLoginToken, externalId: input.externalId, account: input.account.trim(), password: cipher, keyId, captchaToken: input.captchaToken }
    return request(wire.bindLogin, body, requestOptions)
  })
  await completeLogin(state, options)
  return state
}

export function loadBindings(options: RequestOptions = {}): Promise<BindingInfo | undefined> {
  return request(wire.getBindingInfo, undefined, options)
}

export function bindWithTicket(ticket: string): Promise<BindingInfo> {
  return privileged((options) => request(wire.bindThirdParty, { ticket }, options))
}

export function unbindProvider(provider: ThirdPartyProvider): Promise<BindingInfo> {
  return privileged((options) => request(wire.unbindThirdParty, { provider }, options))
}
