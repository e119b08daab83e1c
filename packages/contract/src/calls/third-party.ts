import { z } from 'zod'
import { defineCall } from './define'
import { captchaTokenField, passwordKeyIdField, sealedPasswordField } from './fields'
import { LoginByAccountBodySchema, LoginStateSchema } from './login'
import { THIRD_PARTY_PROVIDERS, wire } from './wire'
import { MAX_URL_LENGTH } from '../urls'

/**
 * Third-party accounts (SPEC §1, §2, §7; wire.ts THIRD_PARTY_PROVIDERS): sign-in with WeChat, QQ or
 * Weibo, and the binding list of account security. The flow is the provider's OAuth 2.0
 * authorization code: `…Authorize` answers the provider's address, the browser goes there, the
 * provider returns to the gateway's `/oauth/callback/<provider>`, which sends the browser back to
 * the portal with a ticket (OAUTH_RETURN_PARAMS). The ticket is spent by `thirdPartyLogin` or
 * `bindThirdParty` from the device that started. The provider's tokens never leave the gateway.
 */

const providerField = z.enum(THIRD_PARTY_PROVIDERS)
const ticketField = z.string().trim().min(16).max(128)
const bindLoginTokenField = z.string().trim().min(16).max(128)

export const ThirdPartyProvidersSchema = z.array(z.object({ provider: providerField }))

export const thirdPartyProviders = defineCall({
  ...wire.thirdPartyProviders,
  summary: 'The third-party providers this deployment can sign in and bind with',
  tags: ['thirdParty'],
  response: ThirdPartyProvidersSchema,
})

export const ThirdPartyAuthorizeBodySchema = z.object({
  provider: providerField,
  /**
   * Where the browser returns once the provider answered: a page of the portal, checked against
   * the gateway's allow-list (OAUTH_RETURN_URLS). The gateway appends `#/<route>?oauthTicket=…`.
   * Without it, the portal the gateway serves. Taken as sent (not trimmed): the gateway compares
   * it as a URL (urls.ts) and refuses anything else with OAUTH_RETURN_NOT_ALLOWED.
   */
  returnUrl: z.string().max(MAX_URL_LENGTH).optional(),
})

export const ThirdPartyAuthorizeSchema = z.object({
  /** The provider's authorization page, with the single-use state of this device. */
  authorizeUrl: z.string(),
  /** Seconds the state stays valid. */
  expiresIn: z.number().int(),
})
export type ThirdPartyAuthorize = z.infer<typeof ThirdPartyAuthorizeSchema>

export const thirdPartyLoginAuthorize = defineCall({
  ...wire.thirdPartyLoginAuthorize,
  summary: 'Starts a sign-in with a provider: the address of its authorization page',
  tags: ['thirdParty'],
  body: ThirdPartyAuthorizeBodySchema,
  response: ThirdPartyAuthorizeSchema,
})

export const thirdPartyBindAuthorize = defineCall({
  ...wire.thirdPartyBindAuthorize,
  summary: 'Starts binding a provider account to the signed-in user: the address of its authorization page',
  tags: ['thirdParty'],
  body: ThirdPartyAuthorizeBodySchema,
  response: ThirdPartyAuthorizeSchema,
})

export const OAuthTicketBodySchema = z.object({ ticket: ticketField })

/** The external account as the portal may show it: never the provider's ids or tokens. */
export const ExternalAccountSchema = z.object({
  provider: providerField,
  /** Masked nickname at the provider (e.g. "小*"). */
  nickname: z.string(),
  /** Stands for the external account in `login/bindLogin` (not the provider's id). */
  externalId: z.string(),
})
export type ExternalAccount = z.infer<typeof ExternalAccountSchema>

export const ThirdPartyLoginSchema = z.discriminatedUnion('status', [
  /** A bound account: signed in, as after any sign-in. */
  z.object({ status: z.literal('signedIn'), login: LoginStateSchema }),
  /** Not bound to anyone yet: bind it to an account (password or a new registration) within expiresIn. */
  z.object({ status: z.literal('bindRequired'), bindLoginToken: z.string(), expiresIn: z.number().int(), account: ExternalAccountSchema }),
])
export type ThirdPartyLogin = z.infer<typeof ThirdPartyLoginSchema>

export const thirdPartyLogin = defineCall({
  ...wire.thirdPartyLogin,
  summary: 'Signs in with the ticket of a provider sign-in; an unbound account answers a bindLoginToken',
  tags: ['thirdParty'],
  body: OAuthTicketBodySchema,
  response: ThirdPartyLoginSchema,
})

export const getBindLoginAccount = defineCall({
  ...wire.getBindLoginAccount,
  summary: 'The external account a bindLoginToken stands for',
  tags: ['thirdParty'],
  query: z.object({ bindLoginToken: bindLoginTokenField }),
  response: ExternalAccountSchema.extend({ expiresIn: z.number().int() }),
})

export const BindLoginBodySchema = LoginByAccountBodySchema.extend({
  bindLoginToken: bindLoginTokenField,
  externalId: z.string().trim().min(1).max(64),
  password: sealedPasswordField,
  keyId: passwordKeyIdField,
  captchaToken: captchaTokenField,
})

export const bindLogin = defineCall({
  ...wire.bindLogin,
  summary: 'Binds the external account of a bindLoginToken to an existing account after its password, and signs in',
  tags: ['thirdParty'],
  body: BindLoginBodySchema,
  response: LoginStateSchema,
})

export const BindingInfoSchema = z.array(
  z.object({
    provider: providerField,
    /** Whether this deployment can bind it now (an existing binding is listed either way). */
    available: z.boolean(),
    binding: z.object({ nickname: z.string(), boundAt: z.string() }).nullable(),
  }),
)
export type BindingInfo = z.infer<typeof BindingInfoSchema>

export const getBindingInfo = defineCall({
  ...wire.getBindingInfo,
  summary: 'The third-party bindings of the user: provider, masked nickname, bound at',
  tags: ['thirdParty'],
  response: BindingInfoSchema,
})

export const bindThirdParty = defineCall({
  ...wire.bindThirdParty,
  summary: 'Binds the provider account of a ticket to the signed-in user',
  tags: ['thirdParty'],
  body: OAuthTicketBodySchema,
  response: BindingInfoSchema,
})

export const unbindThirdParty = defineCall({
  ...wire.unbindThirdParty,
  summary: 'Unbinds a provider account (privileged window); refused when it is the last way to sign in',
  tags: ['thirdParty'],
  body: z.object({ provider: providerField }),
  response: BindingInfoSchema,
})

