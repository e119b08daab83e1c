import { OAUTH_RETURN_PARAMS, wire, type ExternalAccount, type ThirdPartyProvider } from '@ess/contract/wire'
import { grantPrivacyConsent } from '../auth/consent'
import { request, type RequestOptions } from '../http/request'
import { platform } from '../platform'

/**
 * The providers a sign-in screen offers and the way out to them (index.ts: the rest of third-party
 * accounts). Apart so that the sign-in screens draw their provider row without the sign-in,
 * binding and identity-check code, which index.ts brings and which they load when it is used.
 */
const THROW = { needThrowErr: true } as const

/** Whether this client can send the user to a provider's page (the web). */
export const canLeaveForProvider = () => platform().system.clientType() === 'h5'

/** The page to come back to: this page of the portal, without its hash (the gateway adds the route). */
export function providerReturnUrl(): string | undefined {
  if (typeof window === 'undefined' || !window.location?.origin) return undefined
  return `${window.location.origin}${window.location.pathname}`
}

export async function loadProviders(options: RequestOptions = {}): Promise<ThirdPartyProvider[]> {
  const list = await request(wire.thirdPartyProviders, undefined, options)
  return (list ?? []).map((p) => p.provider)
}

/** Leaves for the provider's sign-in page. Rejects (toasted) when the gateway refuses. */
export async function startProviderLogin(provider: ThirdPartyProvider): Promise<void> {
  grantPrivacyConsent()
  const { authorizeUrl } = await request(wire.thirdPartyLoginAuthorize, { provider, returnUrl: providerReturnUrl() }, THROW)
  platform().system.leaveTo(authorizeUrl)
}

export function loadBindLoginAccount(bindLoginToken: string): Promise<(ExternalAccount & { expiresIn: number }) | undefined> {
  return request(wire.getBindLoginAccount, { bindLoginToken })
}

/** Whether this page's query carries a provider's return (a ticket or an error: index.ts readOAuthReturn). */
export const hasOAuthReturn = (params: Record<string, string | undefined>) => Object.values(OAUTH_RETURN_PARAMS).some((key) => !!params[key])
