import type { ThirdPartyProvider } from '@ess/contract'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../lib/app-error'

/**
 * The identity-provider port: one adapter per provider, each an OAuth 2.0 authorization-code
 * client of the provider's documented endpoints. The gateway keeps the provider's tokens to itself:
 * an exchange answers only who the person is there.
 */
export interface ExternalIdentity {
  /** The stable id at the provider: WeChat's unionid (else openid), QQ's openid, Weibo's uid. */
  subject: string
  nickname: string
}

export interface IdentityProvider {
  readonly id: ThirdPartyProvider
  /** The provider's authorization page for this state and return address. */
  authorizeUrl(input: { state: string; redirectUri: string }): string
  /** Exchanges a code for a token, then reads who the person is (OAUTH_FAILED when the provider refuses). */
  exchange(input: { code: string; redirectUri: string }, log: FastifyBaseLogger): Promise<ExternalIdentity>
}

export interface ProviderEndpoints {
  /** Where browsers are sent (the provider's authorization host). */
  authorizeBase: string
  /** Where the gateway calls (the provider's API host). */
  apiBase: string
}

export interface ProviderCredentials {
  clientId: string
  secret: string
}

const TIMEOUT_MS = 5000

/** One JSON call to a provider; a network failure, a timeout or a non-JSON answer is OAUTH_FAILED. */
async function callProvider(url: string, init: RequestInit, log: FastifyBaseLogger): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init.headers } })
    return (await response.json()) as Record<string, unknown>
  } catch (error) {
    log.warn({ err: error, url: url.split('?')[0] }, 'identity provider unreachable')
    throw new AppError('OAUTH_FAILED')
  }
}

/** Refuses an answer that carries the provider's error fields (logged with the provider's code, never sent on). */
function refuseOnError(provider: ThirdPartyProvider, body: Record<string, unknown>, errorFields: string[], log: FastifyBaseLogger) {
  const field = errorFields.find((f) => body[f] !== undefined && body[f] !== 0 && body[f] !== '0')
  if (!field) return
  log.warn({ provider, providerError: body[field], message: body.errmsg ?? body.msg ?? body.error_description ?? body.error }, 'identity provider refused')
  throw new AppError('OAUTH_FAILED')
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

function url(base: string, path: string, params: Record<string, string>) {
  return `${base}${path}?${new URLSearchParams(params)}`
}

/** WeChat web login (网站应用微信登录): qrconnect, sns/oauth2/access_token, sns/userinfo. */
export function wechatProvider(credentials: ProviderCredentials, endpoints: ProviderEndpoints): IdentityProvider {
  return {
    id: 'wechat',
    authorizeUrl: ({ state, redirectUri }) =>
      `${url(endpoints.authorizeBase, '/connect/qrconnect', { appid: credentials.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state })}#wechat_redirect`,
    async exchange({ code }, log) {
      const token = await callProvider(
        url(endpoints.apiBase, '/sns/oauth2/access_token', { appid: credentials.clientId, secret: credentials.secret, code, grant_type: 'authorization_code' }),
        {},
        log,
      )
      refuseOnError('wechat', token, ['errcode'], log)
      const user = await callProvider(url(endpoints.apiBase, '/sns/userinfo', { access_token: text(token.access_token), openid: text(token.openid), lang: 'zh_CN' }), {}, log)
      refuseOnError('wechat', user, ['errcode'], log)
      // The unionid is the same person across the provider's apps (web, mini-program); openid is per app.
      return { subject: text(user.unionid) || text(token.unionid) || text(user.openid), nickname: text(user.nickname) }
    },
  }
}

/** QQ Connect: oauth2.0/authorize, oauth2.0/token, oauth2.0/me, user/get_user_info (fmt=json). */
export function qqProvider(credentials: ProviderCredentials, endpoints: ProviderEndpoints): IdentityProvider {
  return {
    id: 'qq',
    authorizeUrl: ({ state, redirectUri }) =>
      url(endpoints.authorizeBase, '/oauth2.0/authorize', { response_type: 'code', client_id: credentials.clientId, redirect_uri: redirectUri, state, scope: 'get_user_info' }),
    async exchange({ code, redirectUri }, log) {
      const token = await callProvider(
        url(endpoints.apiBase, '/oauth2.0/token', {
          grant_type: 'authorization_code',
          client_id: credentials.clientId,
          client_secret: credentials.secret,
          code,
          redirect_uri: redirectUri,
          fmt: 'json',
        }),
        {},
        log,
      )
      refuseOnError('qq', token, ['error'], log)
      const accessToken = text(token.access_token)
      const me = await callProvider(url(endpoints.apiBase, '/oauth2.0/me', { access_token: accessToken, fmt: 'json' }), {}, log)
      refuseOnError('qq', me, ['error'], log)
      if (me.client_id !== credentials.clientId) {
        // A token issued to another app (token substitution): not ours to trust.
        log.warn({ provider: 'qq' }, 'identity provider token of another app')
        throw new AppError('OAUTH_FAILED')
      }
      const openid = text(me.openid)
      const user = await callProvider(url(endpoints.apiBase, '/user/get_user_info', { access_token: accessToken, oauth_consumer_key: credentials.clientId, openid }), {}, log)
      refuseOnError('qq', user, ['ret'], log)
      return { subject: openid, nickname: text(user.nickname) }
    },
  }
}

/** Weibo: oauth2/authorize, oauth2/access_token (POST), 2/users/show.json. */
export function weiboProvider(credentials: ProviderCredentials, endpoints: ProviderEndpoints): IdentityProvider {
  return {
    id: 'weibo',
    authorizeUrl: ({ state, redirectUri }) =>
      url(endpoints.authorizeBase, '/oauth2/authorize', { client_id: credentials.clientId, redirect_uri: redirectUri, response_type: 'code', state }),
    async exchange({ code, redirectUri }, log) {
      const token = await callProvider(
        `${endpoints.apiBase}/oauth2/access_token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: credentials.clientId, client_secret: credentials.secret, grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
        },
        log,
      )
      refuseOnError('weibo', token, ['error_code', 'error'], log)
      const uid = text(token.uid)
      const user = await callProvider(url(endpoints.apiBase, '/2/users/show.json', { access_token: text(token.access_token), uid }), {}, log)
      refuseOnError('weibo', user, ['error_code', 'error'], log)
      return { subject: uid, nickname: text(user.screen_name) }
    },
  }
}

/** The providers' own hosts (used unless a stand-in is configured). */
export const REAL_ENDPOINTS: Record<ThirdPartyProvider, ProviderEndpoints> = {
  wechat: { authorizeBase: 'https://open.weixin.qq.com', apiBase: 'https://api.weixin.qq.com' },
  qq: { authorizeBase: 'https://graph.qq.com', apiBase: 'https://graph.qq.com' },
  weibo: { authorizeBase: 'https://api.weibo.com', apiBase: 'https://api.weibo.com' },
}

export const ADAPTERS = { wechat: wechatProvider, qq: qqProvider, weibo: weiboProvider } as const
