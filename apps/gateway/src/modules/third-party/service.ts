import {
  type AllowedUrlEntry,
  BIND_LOGIN_TTL_S,
  type BindingInfo,
  type ExternalAccount,
  type LoginState,
  OAUTH_RETURN_PARAMS,
  OAUTH_STATE_TTL_S,
  type OAuthPurpose,
  ROUTE_PATHS,
  THIRD_PARTY_PROVIDERS,
  type ThirdPartyAuthorize,
  type ThirdPartyLogin,
  type ThirdPartyProvider,
  allowedUrl,
} from '@ess/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { mask } from '../../infra/crypto/mask'
import type { PasswordKey } from '../../infra/crypto/password-key'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { newToken } from '../../lib/digest'
import { liveRecord, putRecord } from '../../lib/throttle'
import { checkAccountPassword } from '../login/service'
import { recordCollection } from '../privacy/ledger'
import { insertSecurityEvent } from '../security/queries'
import { requireWindow } from '../security/window'
import { type Auth, startSession } from '../session/service'
import { findUserById } from '../user/queries'
import { browserDigest, keepsCookies, sameBrowser, valueForFlow } from './browser-binding'
import type { ExternalIdentity, IdentityProvider } from './providers'
import { countOtherBindings, deleteBinding, findBinding, insertBinding, listBindings } from './queries'

export interface ThirdPartyDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  passwordKey: PasswordKey
  log: FastifyBaseLogger
  providers: ReadonlyMap<ThirdPartyProvider, IdentityProvider>
  /** Where the gateway is reached (the providers return to `<publicUrl>/oauth/callback/<provider>`). */
  publicUrl: string
  /** Where a browser may be returned to (OAUTH_RETURN_URLS, compared as URLs). */
  returnUrls: readonly AllowedUrlEntry[]
}

/** What the state stands for while the user is at the provider (single use). */
interface StateRecord {
  provider: ThirdPartyProvider
  purpose: OAuthPurpose
  deviceId: string
  userId?: string
  returnUrl: string
  /** Digest of the browser's binding cookie (browser-binding.ts); absent for a client without cookies. */
  browser?: string
}

/** Who the provider said the person is, for the device that started (single use). */
interface TicketRecord {
  provider: ThirdPartyProvider
  purpose: OAuthPurpose
  deviceId: string
  userId?: string
  identity: ExternalIdentity
  browser?: string
}

/** An external account waiting to be bound to an account (bindLogin or a registration). */
export interface BindLoginRecord {
  provider: ThirdPartyProvider
  deviceId: string
  identity: ExternalIdentity
}

const TICKET_TTL_MS = 5 * 60_000
const stateKey = (state: string) => `oauth:state:${state}`
const ticketKey = (ticket: string) => `oauth:ticket:${ticket}`
const bindLoginKey = (token: string) => `oauth:bindLogin:${token}`

export const callbackPath = (provider: ThirdPartyProvider) => `/oauth/callback/${provider}`
const callbackUrl = (deps: ThirdPartyDeps, provider: ThirdPartyProvider) => `${deps.publicUrl}${callbackPath(provider)}`

const maskNickname = (nickname: string) => (nickname ? mask(nickname, { keepStart: 1, keepEnd: Array.from(nickname).length > 4 ? 1 : 0 }) : '')

/** Stands for an external account on the portal: keyed, so it tells nothing of the provider's id. */
const externalIdOf = (deps: ThirdPartyDeps, provider: ThirdPartyProvider, subject: string) =>
  deps.hmacKey.digest('externalAccount', `${provider}:${subject}`).slice(0, 24)

function adapterOf(deps: ThirdPartyDeps, provider: ThirdPartyProvider): IdentityProvider {
  const adapter = deps.providers.get(provider)
  if (!adapter) throw new AppError('THIRD_PARTY_UNAVAILABLE')
  return adapter
}

/**
 * A return address on the allow-list (contract isAllowedUrl: scheme, host and port exact, path on a
 * `/` boundary), without a fragment of its own (the portal's route is appended as one).
 */
function checkReturnUrl(deps: ThirdPartyDeps, returnUrl: string | undefined): string {
  const url = allowedUrl(returnUrl ?? `${deps.publicUrl}/`, deps.returnUrls)
  if (!url || url.hash) throw new AppError('OAUTH_RETURN_NOT_ALLOWED')
  return url.href
}

/** thirdParty/providers: the providers this deployment can use. */
export const availableProviders = async (deps: ThirdPartyDeps) => THIRD_PARTY_PROVIDERS.filter((p) => deps.providers.has(p)).map((provider) => ({ provider }))

/** The browser binding's cookie value a request presented (undefined when none or malformed). */
export type PresentedBrowser = string | undefined

/**
 * login/thirdPartyAuthorize and security/thirdPartyAuthorize: a single-use state bound to this
 * device and this browser (and for binding, to this user, who must have passed the identity
 * check), and the provider's authorization page. Answers the binding cookie's value to set (none
 * for a client without cookies).
 */
export async function authorize(
  deps: ThirdPartyDeps,
  input: { provider: ThirdPartyProvider; returnUrl?: string },
  purpose: OAuthPurpose,
  origin: ClientOrigin,
  presented: PresentedBrowser,
  auth?: Auth,
): Promise<{ answer: ThirdPartyAuthorize; browserValue?: string }> {
  const adapter = adapterOf(deps, input.provider)
  const returnUrl = checkReturnUrl(deps, input.returnUrl)
  const now = deps.now()
  if (purpose === 'bind' && auth) await requireWindow(deps.kv, auth, now)
  const state = newToken()
  const browserValue = keepsCookies(origin) ? valueForFlow(presented) : undefined
  const record: StateRecord = { provider: input.provider, purpose, deviceId: origin.deviceId, userId: auth?.userId, returnUrl, browser: browserValue && browserDigest(browserValue) }
  await putRecord(deps.kv, stateKey(state), record, now, OAUTH_STATE_TTL_S * 1000)
  return { answer: { authorizeUrl: adapter.authorizeUrl({ state, redirectUri: callbackUrl(deps, input.provider) }), expiresIn: OAUTH_STATE_TTL_S }, browserValue }
}

/**
 * GET /oauth/callback/<provider>: the provider returns the browser here. The state is spent; a
 * browser without the flow's binding cookie is sent back refused (its code is never exchanged); the
 * code is exchanged (the provider's tokens stay here); the browser goes back to the portal page of
 * the purpose with a ticket, or with the error code to show.
 */
export async function completeAtCallback(
  deps: ThirdPartyDeps,
  provider: ThirdPartyProvider,
  query: { code?: string; state?: string; error?: string },
  presented: PresentedBrowser,
): Promise<string> {
  const now = deps.now()
  const record = query.state ? liveRecord<StateRecord>(await deps.kv.take(stateKey(query.state)), now) : undefined
  const back = (route: string, params: Record<string, string>) => `${record?.returnUrl ?? `${deps.publicUrl}/`}#/${route}?${new URLSearchParams({ ...params, [OAUTH_RETURN_PARAMS.provider]: provider })}`
  const route = record?.purpose === 'bind' ? ROUTE_PATHS.thirdParty : ROUTE_PATHS.login
  if (!record || record.provider !== provider) return back(route, { [OAUTH_RETURN_PARAMS.error]: 'OAUTH_STATE_INVALID' })
  if (record.browser && !sameBrowser(record.browser, presented)) return back(route, { [OAUTH_RETURN_PARAMS.error]: 'OAUTH_STATE_INVALID' })
  if (query.error || !query.code) return back(route, { [OAUTH_RETURN_PARAMS.error]: query.error === 'access_denied' ? 'OAUTH_CANCELLED' : 'OAUTH_FAILED' })
  try {
    const identity = await adapterOf(deps, provider).exchange({ code: query.code, redirectUri: callbackUrl(deps, provider) }, deps.log)
    if (!identity.subject) throw new AppError('OAUTH_FAILED')
    const ticket = newToken()
    const ticketRecord: TicketRecord = { provider, purpose: record.purpose, deviceId: record.deviceId, userId: record.userId, identity, browser: record.browser }
    await putRecord(deps.kv, ticketKey(ticket), ticketRecord, now, TICKET_TTL_MS)
    return back(route, { [OAUTH_RETURN_PARAMS.ticket]: ticket })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return back(route, { [OAUTH_RETURN_PARAMS.error]: error.errorCode })
  }
}

/**
 * Spends a ticket of this device, browser and purpose (OAUTH_STATE_INVALID otherwise: forged,
 * reused, expired, or another device's or browser's).
 */
async function spendTicket(deps: ThirdPartyDeps, ticket: string, purpose: OAuthPurpose, origin: ClientOrigin, presented: PresentedBrowser): Promise<TicketRecord> {
  const record = liveRecord<TicketRecord>(await deps.kv.take(ticketKey(ticket)), deps.now())
  if (!record || record.purpose !== purpose || record.deviceId !== origin.deviceId || !sameBrowser(record.browser, presented, origin)) throw new AppError('OAUTH_STATE_INVALID')
  return record
}

const externalAccountOf = (deps: ThirdPartyDeps, record: { provider: ThirdPartyProvider; identity: ExternalIdentity }): ExternalAccount => ({
  provider: record.provider,
  nickname: maskNickname(record.identity.nickname),
  externalId: externalIdOf(deps, record.provider, record.identity.subject),
})

/**
 * login/thirdPartyLogin: a bound external account signs its user in; an unbound one answers a
 * bindLoginToken for binding it to an account.
 */
export async function loginWithTicket(deps: ThirdPartyDeps, ticket: string, origin: ClientOrigin, presented: PresentedBrowser): Promise<ThirdPartyLogin> {
  const record = await spendTicket(deps, ticket, 'login', origin, presented)
  const now = deps.now()
  const bound = await findBinding(deps.db, record.provider, record.identity.subject)
  if (bound) return { status: 'signedIn', login: await startSession(deps.db, bound.userId, origin, now) }
  const bindLoginToken = newToken()
  const pending: BindLoginRecord = { provider: record.provider, deviceId: origin.deviceId, identity: record.identity }
  await putRecord(deps.kv, bindLoginKey(bindLoginToken), pending, now, BIND_LOGIN_TTL_S * 1000)
  return { status: 'bindRequired', bindLoginToken, expiresIn: BIND_LOGIN_TTL_S, account: externalAccountOf(deps, record) }
}

/** The pending external account of a bindLoginToken of this device (BIND_LOGIN_EXPIRED otherwise). */
export async function pendingOf(deps: Pick<ThirdPartyDeps, 'kv' | 'now'>, token: string, origin: ClientOrigin) {
  const raw = await deps.kv.get(bindLoginKey(token))
  const record = liveRecord<BindLoginRecord>(raw, deps.now())
  if (!record || record.deviceId !== origin.deviceId) throw new AppError('BIND_LOGIN_EXPIRED')
  return record
}

/** login/getBindLoginAccount. */
export async function bindLoginAccount(deps: ThirdPartyDeps, token: string, origin: ClientOrigin): Promise<ExternalAccount & { expiresIn: number }> {
  const record = await pendingOf(deps, token, origin)
  return { ...externalAccountOf(deps, record), expiresIn: Math.max(1, Math.ceil((record.expiresAt - deps.now().getTime()) / 1000)) }
}

/** Binds an external account to a user in a transaction (with the ledger and the history); the unique keys refuse doubles. */
async function bind(deps: Pick<ThirdPartyDeps, 'db' | 'now'>, tx: Database, userId: string, record: { provider: ThirdPartyProvider; identity: ExternalIdentity }, origin: ClientOrigin) {
  const now = deps.now()
  try {
    await insertBinding(tx, { userId, provider: record.provider, subject: record.identity.subject, nickname: record.identity.nickname, boundAt: now })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const owner = await findBinding(deps.db, record.provider, record.identity.subject)
    throw new AppError(owner && owner.userId !== userId ? 'THIRD_PARTY_ALREADY_BOUND' : 'THIRD_PARTY_PROVIDER_BOUND')
  }
  await insertSecurityEvent(tx, userId, 'thirdPartyBound', origin, now)
  await recordCollection(tx, userId, 'thirdPartyBind', [{ type: 'thirdPartyAccount', masked: `${record.provider}:${maskNickname(record.identity.nickname)}` }], now)
}

/** Refuses binding what is bound already: to someone else (the SPEC's text), or another account of the provider to this user. */
async function checkBindable(deps: ThirdPartyDeps, userId: string, record: { provider: ThirdPartyProvider; identity: ExternalIdentity }) {
  const owner = await findBinding(deps.db, record.provider, record.identity.subject)
  if (owner && owner.userId !== userId) throw new AppError('THIRD_PARTY_ALREADY_BOUND')
  const bindings = await listBindings(deps.db, userId)
  if (bindings.some((b) => b.provider === record.provider)) throw new AppError('THIRD_PARTY_PROVIDER_BOUND')
}

/**
 * login/bindLogin: the password of an existing account (the sign-in's captcha, lockout and
 * failures), then the external account is bound to it and the user signed in. The token is spent
 * only by a binding that succeeded; the externalId must be the one shown.
 */
export async function bindLogin(
  deps: ThirdPartyDeps,
  input: { bindLoginToken: string; externalId: string; account: string; password: string; keyId?: string; captchaToken: string },
  origin: ClientOrigin,
): Promise<LoginState> {
  const pending = await pendingOf(deps, input.bindLoginToken, origin)
  if (externalIdOf(deps, pending.provider, pending.identity.subject) !== input.externalId) throw new AppError('BIND_LOGIN_EXPIRED')
  const userId = await checkAccountPassword(deps, input, origin)
  await checkBindable(deps, userId, pending)
  if (!(await deps.kv.take(bindLoginKey(input.bindLoginToken)))) throw new AppError('BIND_LOGIN_EXPIRED')
  return deps.db.transaction(async (tx) => {
    await bind(deps, tx, userId, pending, origin)
    return startSession(tx, userId, origin, deps.now())
  })
}

/**
 * A registration with a bindLoginToken: inside the registration's transaction, the token is spent
 * and its external account bound to the new account (a failure undoes the registration).
 */
export async function bindPendingToNewAccount(
  deps: Pick<ThirdPartyDeps, 'db' | 'kv' | 'now'>,
  tx: Database,
  userId: string,
  token: string,
  pending: BindLoginRecord,
  origin: ClientOrigin,
): Promise<void> {
  if (!(await deps.kv.take(bindLoginKey(token)))) throw new AppError('BIND_LOGIN_EXPIRED')
  await bind(deps, tx, userId, pending, origin)
}

/** getBindingInfo: each provider available here or bound, with the binding (masked nickname, when). */
export async function bindingInfo(deps: ThirdPartyDeps, userId: string): Promise<BindingInfo> {
  const bindings = await listBindings(deps.db, userId)
  return THIRD_PARTY_PROVIDERS.flatMap((provider) => {
    const binding = bindings.find((b) => b.provider === provider)
    const available = deps.providers.has(provider)
    if (!available && !binding) return []
    return [{ provider, available, binding: binding ? { nickname: maskNickname(binding.nickname), boundAt: binding.boundAt.toISOString() } : null }]
  })
}

/** security/bindThirdParty: the ticket of a binding this user started (within the identity check's window). */
export async function bindWithTicket(deps: ThirdPartyDeps, auth: Auth, ticket: string, origin: ClientOrigin, presented: PresentedBrowser): Promise<BindingInfo> {
  await requireWindow(deps.kv, auth, deps.now())
  const record = await spendTicket(deps, ticket, 'bind', origin, presented)
  if (record.userId !== auth.userId) throw new AppError('OAUTH_STATE_INVALID')
  await checkBindable(deps, auth.userId, record)
  await deps.db.transaction((tx) => bind(deps, tx, auth.userId, record, origin))
  return bindingInfo(deps, auth.userId)
}

/**
 * security/unbindThirdParty: needs the identity check; refused when the account would be left
 * with no way to sign in (no phone for SMS, no password with an email or username, no other binding).
 */
export async function unbind(deps: ThirdPartyDeps, auth: Auth, provider: ThirdPartyProvider, origin: ClientOrigin): Promise<BindingInfo> {
  const now = deps.now()
  await requireWindow(deps.kv, auth, now)
  await removeBinding(deps.db, auth.userId, provider, origin, now, 'SESSION_INVALID')
  return bindingInfo(deps, auth.userId)
}

/**
 * Removes a binding: the holder's unbind and a support agent's (issue 34). Refused when it is not
 * bound (THIRD_PARTY_NOT_BOUND) or when the account would be left with no way to sign in
 * (LAST_SIGN_IN_METHOD). In one transaction, the account's security event and what `also` writes
 * (the support agent's audit row).
 */
export async function removeBinding(
  db: Database,
  userId: string,
  provider: ThirdPartyProvider,
  origin: ClientOrigin,
  now: Date,
  missingUser: 'SESSION_INVALID' | 'SUPPORT_ACCOUNT_NOT_FOUND',
  also?: (tx: Database) => Promise<void>,
): Promise<void> {
  const user = await findUserById(db, userId)
  if (!user) throw new AppError(missingUser)
  const bound = (await listBindings(db, userId)).some((b) => b.provider === provider)
  if (!bound) throw new AppError('THIRD_PARTY_NOT_BOUND')
  const otherWay = !!user.phoneE164 || (user.hasPassword && (!!user.email || !!user.username)) || (await countOtherBindings(db, userId, provider)) > 0
  if (!otherWay) throw new AppError('LAST_SIGN_IN_METHOD')
  await db.transaction(async (tx) => {
    if (!(await deleteBinding(tx, userId, provider))) throw new AppError('THIRD_PARTY_NOT_BOUND')
    await insertSecurityEvent(tx, userId, 'thirdPartyUnbound', origin, now)
    await also?.(tx)
  })
}
