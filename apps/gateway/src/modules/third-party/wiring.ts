import { randomBytes } from 'node:crypto'
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '@ess/contract'
import type { Config } from '../../config'
import type { StandInClient } from '../dev/oauth-stand-in'
import { ADAPTERS, type IdentityProvider, REAL_ENDPOINTS } from './providers'
import { callbackPath } from './service'

/** Where the gateway mounts the providers' local stand-in outside production. */
export const STAND_IN_MOUNT = '/dev/oauth'

export interface IdentityProviders {
  providers: Map<ThirdPartyProvider, IdentityProvider>
  /** The stand-in's clients when this gateway mounts it (development without credentials), else empty. */
  standInClients: StandInClient[]
}

/**
 * The identity providers of this deployment. A provider with credentials talks to its own hosts,
 * or to the stand-in at OAUTH_STAND_IN_URL (tests). Outside production, a provider without
 * credentials talks to the stand-in this gateway mounts under /dev/oauth, with demo credentials
 * made at start; in production it is not offered.
 */
export function identityProviders(config: Config): IdentityProviders {
  const providers = new Map<ThirdPartyProvider, IdentityProvider>()
  const standInClients: StandInClient[] = []
  const { credentials, standInUrl } = config.oauth
  for (const provider of THIRD_PARTY_PROVIDERS) {
    const own = credentials[provider]
    if (own) {
      const endpoints = standInUrl ? { authorizeBase: `${standInUrl}/${provider}`, apiBase: `${standInUrl}/${provider}` } : REAL_ENDPOINTS[provider]
      providers.set(provider, ADAPTERS[provider](own, endpoints))
    } else if (!config.isProduction && !standInUrl) {
      const demo = { clientId: `demo-${provider}-app`, secret: randomBytes(24).toString('base64url') }
      const base = `${config.publicUrl}${STAND_IN_MOUNT}/${provider}`
      providers.set(provider, ADAPTERS[provider](demo, { authorizeBase: base, apiBase: base }))
      standInClients.push({ provider, ...demo, redirectUri: `${config.publicUrl}${callbackPath(provider)}` })
    }
  }
  return { providers, standInClients }
}
