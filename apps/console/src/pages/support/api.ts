import type { SupportAccount, SupportFindBy, SupportFindResult, SupportRevealField, ThirdPartyProvider } from '@ess/contract'
import { api, unwrap } from '../../api/client'

/** The support calls (packages/contract/src/console/support.ts), typed from the OpenAPI. */
export const findAccounts = (query: { by: SupportFindBy; value: string; companyCode?: string }, network: string): Promise<SupportFindResult> =>
  unwrap(api.GET('/app/console/support/accounts', { params: { query } }), network)

export const showAccount = (id: string, network: string): Promise<SupportAccount> =>
  unwrap(api.GET('/app/console/support/accounts/{id}', { params: { path: { id } } }), network)

export type SupportAction = 'unlock' | 'signOut' | 'disable' | 'enable'

export function act(id: string, action: SupportAction, reason: string, network: string): Promise<SupportAccount> {
  const options = { params: { path: { id } }, body: { reason } }
  switch (action) {
    case 'unlock':
      return unwrap(api.POST('/app/console/support/accounts/{id}/unlock', options), network)
    case 'signOut':
      return unwrap(api.POST('/app/console/support/accounts/{id}/sign-out', options), network)
    case 'disable':
      return unwrap(api.POST('/app/console/support/accounts/{id}/disable', options), network)
    case 'enable':
      return unwrap(api.POST('/app/console/support/accounts/{id}/enable', options), network)
  }
}

export const unbind = (id: string, provider: ThirdPartyProvider, reason: string, network: string): Promise<SupportAccount> =>
  unwrap(api.POST('/app/console/support/accounts/{id}/unbind', { params: { path: { id } }, body: { provider, reason } }), network)

export const reveal = (id: string, field: SupportRevealField, reason: string, network: string): Promise<{ field: SupportRevealField; value: string }> =>
  unwrap(api.POST('/app/console/support/accounts/{id}/reveal', { params: { path: { id } }, body: { field, reason } }), network)
