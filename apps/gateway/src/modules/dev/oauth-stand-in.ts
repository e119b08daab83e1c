import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ThirdPartyProvider } from '@ess/contract'
import { inject } from 'light-my-request'
import Provider, { type Configuration } from 'oidc-provider'

/** A request context of the authorization server's own (Koa) app. */
type Ctx = Parameters<Parameters<Provider['use']>[0]>[0]
import { escapeHtml, htmlDocument } from '../../lib/html'

/**
 * The local stand-in for WeChat web login, QQ Connect and Weibo OAuth 2.0 (never in production):
 * a real authorization server (oidc-provider: clients, secrets, single-use codes, exact redirect
 * URIs, opaque access tokens, its own sign-in interaction) behind each provider's documented
 * dialect — WeChat's `connect/qrconnect`, `sns/oauth2/access_token` and `sns/userinfo` (errcode
 * answers), QQ's `oauth2.0/authorize|token|me` and `user/get_user_info` (ret answers), Weibo's
 * `oauth2/authorize|access_token` and `2/users/show.json` (error_code answers). The dialect routes
 * only translate parameters and answers; every check is the authorization server's. A person picks
 * one of the demo identities on its sign-in page (or cancels: access_denied).
 *
 * Mounted by the gateway under /dev/oauth outside production (modules/dev/routes.ts), and started
 * on a loopback port of their own by the tests (test/helpers/oauth.ts).
 */

export interface StandInClient {
  provider: ThirdPartyProvider
  clientId: string
  secret: string
  redirectUri: string
}

/** The people a tester may be at the providers: the same people at each, with an id per provider. */
export const DEMO_IDENTITIES = [
  { id: 'li-na', nickname: '李娜', weiboUid: '5712000101' },
  { id: 'wang-lei', nickname: '王磊', weiboUid: '5712000102' },
  { id: 'chen-jing', nickname: 'Chen Jing', weiboUid: '5712000103' },
] as const

const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = { wechat: '微信 WeChat', qq: 'QQ', weibo: '微博 Weibo' }

/** The subject of a demo identity at a provider (openid / uid). */
export function demoSubject(provider: ThirdPartyProvider, identityId: string): string {
  if (provider !== 'weibo') return `o${provider}_${identityId}`
  return DEMO_IDENTITIES.find((i) => i.id === identityId)?.weiboUid ?? identityId
}

export interface OAuthStandIn {
  /** Answers a request whose URL starts with the mount path (e.g. /dev/oauth/wechat/connect/qrconnect). */
  handle(req: IncomingMessage, res: ServerResponse): void
  /** Where each provider's dialect is, e.g. http://127.0.0.1:8080/dev/oauth/wechat. */
  baseUrl(provider: ThirdPartyProvider): string
}

/**
 * @param origin where browsers and the gateway reach the stand-in (http://127.0.0.1:PORT)
 * @param mountPath the path it answers under (/dev/oauth)
 */
export function oauthStandIn(options: { origin: string; mountPath: string; clients: StandInClient[] }): OAuthStandIn {
  const { mountPath } = options
  const clientOf = (clientId: unknown) => options.clients.find((c) => c.clientId === clientId)
  const identityOf = (subject: string) => {
    for (const client of options.clients) {
      const identity = DEMO_IDENTITIES.find((i) => demoSubject(client.provider, i.id) === subject)
      if (identity) return identity
    }
    return undefined
  }

  const configuration: Configuration = {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.secret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    // The account id of a session is the provider's subject of the identity picked.
    async findAccount(_ctx, sub) {
      const identity = identityOf(sub)
      if (!identity) return undefined
      return { accountId: sub, claims: async () => ({ sub, nickname: identity.nickname, picture: '' }) }
    },
    claims: { openid: ['sub'], profile: ['nickname', 'picture'] },
    scopes: ['openid', 'profile'],
    features: { devInteractions: { enabled: false } },
    // None of the three providers knows PKCE; the gateway sends none.
    pkce: { required: () => false },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    // The picker page is the consent: the scopes asked for are granted when an identity is picked.
    async loadExistingGrant(ctx) {
      const { Grant } = ctx.oidc.provider
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId)
      if (grantId) return Grant.find(grantId)
      const grant = new Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId })
      grant.addOIDCScope('openid profile')
      await grant.save()
      return grant
    },
    ttl: { AuthorizationCode: 60, AccessToken: 7200, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    // A signing key of this process (the id tokens never leave the stand-in and the gateway).
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' } as never] },
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = page('Error', `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`)
    },
  }
  const provider = new Provider(`${options.origin}${mountPath}`, configuration)
  // Koa composes the middleware when the callback is made: after the dialects are added (below).
  let callback: ReturnType<Provider['callback']>

  /** A request to the authorization server itself, answered in-process (the dialect routes' back end). */
  const own = async (method: 'GET' | 'POST', url: string, init: { form?: Record<string, string>; token?: string } = {}) => {
    const response = await inject(callback, {
      method,
      url,
      headers: {
        host: new URL(options.origin).host,
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      payload: init.form ? new URLSearchParams(init.form).toString() : undefined,
    })
    return { status: response.statusCode, body: response.json() as Record<string, unknown> }
  }

  const subjectOfIdToken = (idToken: unknown) =>
    typeof idToken === 'string' ? String(JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub) : ''

  /** Exchanges a code at the token endpoint; answers the token and the subject, or the server's error. */
  const exchange = async (params: { clientId: unknown; secret: unknown; code: unknown; redirectUri?: unknown }) => {
    const client = clientOf(params.clientId)
    const form = {
      grant_type: 'authorization_code',
      client_id: String(params.clientId ?? ''),
      client_secret: String(params.secret ?? ''),
      code: String(params.code ?? ''),
      // WeChat sends no redirect_uri with the code: it is the client's one registered address.
      redirect_uri: String(params.redirectUri ?? client?.redirectUri ?? ''),
    }
    const { status, body } = await own('POST', '/token', { form })
    if (status !== 200) return { error: String(body.error ?? 'server_error') }
    return { accessToken: String(body.access_token), expiresIn: Number(body.expires_in), subject: subjectOfIdToken(body.id_token) }
  }

  const userinfo = async (token: unknown) => {
    const { status, body } = await own('GET', '/me', { token: String(token ?? '') })
    return status === 200 ? (body as { sub: string; nickname: string; picture: string }) : undefined
  }

  /** Each provider's dialect: path (under /<provider>) → answer. */
  type Route = (ctx: Ctx, query: Record<string, unknown>, form: Record<string, string>) => Promise<void>
  const toAuthorize = (ctx: Ctx, q: Record<string, unknown>, clientIdParam: string) => {
    const params = new URLSearchParams({
      client_id: String(q[clientIdParam] ?? ''),
      redirect_uri: String(q.redirect_uri ?? ''),
      response_type: String(q.response_type ?? ''),
      scope: 'openid profile',
      // The person picks (or confirms) who they are every time, as at WeChat's and QQ's pages.
      prompt: 'login',
      ...(q.state ? { state: String(q.state) } : {}),
    })
    ctx.redirect(`${mountPath}/auth?${params}`)
  }
  const json = (ctx: Ctx, body: object) => {
    ctx.type = 'json'
    ctx.body = body
  }

  const dialects: Record<string, Route> = {
    // WeChat web login (developers.weixin.qq.com, 网站应用微信登录).
    'GET /wechat/connect/qrconnect': async (ctx, q) => {
      if (q.scope !== 'snsapi_login') return json(ctx, { errcode: 10005, errmsg: 'unsupported scope' })
      toAuthorize(ctx, q, 'appid')
    },
    'GET /wechat/sns/oauth2/access_token': async (ctx, q) => {
      if (q.grant_type !== 'authorization_code') return json(ctx, { errcode: 40002, errmsg: 'invalid grant_type' })
      if (!clientOf(q.appid)) return json(ctx, { errcode: 40013, errmsg: 'invalid appid' })
      const token = await exchange({ clientId: q.appid, secret: q.secret, code: q.code })
      if ('error' in token) {
        return json(ctx, token.error === 'invalid_client' ? { errcode: 40125, errmsg: 'invalid appsecret' } : { errcode: 40029, errmsg: 'invalid code' })
      }
      json(ctx, {
        access_token: token.accessToken,
        expires_in: token.expiresIn,
        refresh_token: randomBytes(16).toString('hex'),
        openid: token.subject,
        scope: 'snsapi_login',
        unionid: `u${token.subject}`,
      })
    },
    'GET /wechat/sns/userinfo': async (ctx, q) => {
      const info = await userinfo(q.access_token)
      if (!info || info.sub !== q.openid) return json(ctx, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      json(ctx, { openid: info.sub, nickname: info.nickname, sex: 0, province: '', city: '', country: 'CN', headimgurl: info.picture, privilege: [], unionid: `u${info.sub}` })
    },
    // QQ Connect (wiki.connect.qq.com): JSON answers with fmt=json.
    'GET /qq/oauth2.0/authorize': async (ctx, q) => toAuthorize(ctx, q, 'client_id'),
    'GET /qq/oauth2.0/token': async (ctx, q) => {
      if (q.grant_type !== 'authorization_code') return json(ctx, { error: 100005, error_description: 'param grant_type is wrong or lost' })
      const token = await exchange({ clientId: q.client_id, secret: q.client_secret, code: q.code, redirectUri: q.redirect_uri })
      if ('error' in token) {
        return json(ctx, token.error === 'invalid_client' ? { error: 100008, error_description: 'client_id or client_secret is wrong' } : { error: 100019, error_description: 'code to access token error' })
      }
      json(ctx, { access_token: token.accessToken, expires_in: String(token.expiresIn), refresh_token: randomBytes(16).toString('hex') })
    },
    'GET /qq/oauth2.0/me': async (ctx, q) => {
      const info = await userinfo(q.access_token)
      if (!info) return json(ctx, { error: 100016, error_description: 'access token check failed' })
      const client = options.clients.find((c) => c.provider === 'qq')
      json(ctx, { client_id: client?.clientId, openid: info.sub })
    },
    'GET /qq/user/get_user_info': async (ctx, q) => {
      const info = await userinfo(q.access_token)
      if (!info || info.sub !== q.openid || !clientOf(q.oauth_consumer_key)) return json(ctx, { ret: 100016, msg: 'access token check failed' })
      json(ctx, { ret: 0, msg: '', nickname: info.nickname, gender: '', figureurl_qq_1: info.picture, figureurl_qq_2: info.picture })
    },
    // Weibo (open.weibo.com/wiki/Oauth2).
    'GET /weibo/oauth2/authorize': async (ctx, q) => toAuthorize(ctx, q, 'client_id'),
    'POST /weibo/oauth2/access_token': async (ctx, _q, form) => {
      const token = await exchange({ clientId: form.client_id, secret: form.client_secret, code: form.code, redirectUri: form.redirect_uri })
      if ('error' in token) {
        ctx.status = 400
        return json(ctx, token.error === 'invalid_client'
          ? { error: 'invalid_client', error_code: 21324, request: '/oauth2/access_token' }
          : { error: 'invalid_grant', error_code: 21325, request: '/oauth2/access_token' })
      }
      json(ctx, { access_token: token.accessToken, expires_in: token.expiresIn, remind_in: String(token.expiresIn), uid: token.subject })
    },
    'GET /weibo/2/users/show.json': async (ctx, q) => {
      const info = await userinfo(q.access_token)
      if (!info || info.sub !== q.uid) {
        ctx.status = 400
        return json(ctx, { error: 'invalid_access_token', error_code: 21332, request: '/2/users/show.json' })
      }
      json(ctx, { id: Number(info.sub), idstr: info.sub, screen_name: info.nickname, name: info.nickname, profile_image_url: info.picture })
    },
  }

  // After the authorization server's own routes: the dialects and the identity picker.
  provider.use(async (ctx, next) => {
    const route = dialects[`${ctx.method} ${ctx.path}`]
    if (route) return route(ctx, ctx.query, ctx.method === 'POST' ? await readForm(ctx.req) : {})
    const interaction = /^\/interaction\/([\w-]+)$/.exec(ctx.path)
    if (!interaction) return next()
    ctx.set('cache-control', 'no-store')
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    const client = clientOf(details.params.client_id)
    if (ctx.method === 'POST') {
      const form = await readForm(ctx.req)
      const identity = DEMO_IDENTITIES.find((i) => i.id === form.identity)
      const result = identity && client
        ? { login: { accountId: demoSubject(client.provider, identity.id) } }
        : { error: 'access_denied', error_description: 'The user cancelled the authorization' }
      return provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: false })
    }
    const name = client ? PROVIDER_NAMES[client.provider] : '?'
    ctx.type = 'html'
    ctx.body = page(
      `${name} · 授权登录`,
      `<h1>${escapeHtml(name)}</h1>
<p>本地模拟的授权页（开发环境）：选择一个演示身份授权登录，或取消。<br>Local stand-in of the provider (development): pick a demo identity, or cancel.</p>
<form method="post" action="${mountPath}/interaction/${escapeHtml(details.uid)}">
${DEMO_IDENTITIES.map((i) => `<button type="submit" name="identity" value="${i.id}" data-testid="oauth-identity-${i.id}">${escapeHtml(i.nickname)}</button>`).join('\n')}
<button type="submit" name="identity" value="" class="cancel" data-testid="oauth-cancel">取消 Cancel</button>
</form>`,
    )
  })

  callback = provider.callback()

  return {
    handle(req, res) {
      const url = req.url ?? '/'
      // The authorization server builds its addresses from the part of the URL before its own path.
      Object.assign(req, { originalUrl: url, url: url.slice(mountPath.length) || '/' })
      void callback(req, res)
    },
    baseUrl: (p) => `${options.origin}${mountPath}/${p}`,
  }
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 16_384) break
  }
  return Object.fromEntries(new URLSearchParams(body))
}

const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:0;padding:24px 20px;background:#f5f6f7;color:#1a1a1a}
h1{font-size:20px;margin:8px 0 12px}p{color:#555;font-size:14px;line-height:1.6}
form{display:flex;flex-direction:column;gap:12px;margin-top:20px}
button{font-size:16px;padding:12px;border-radius:22px;border:0;background:#07c160;color:#fff}
button.cancel{background:#fff;color:#333;border:1px solid #ccc}`

// No favicon to fetch (the browser would ask for /favicon.ico).
const page = (title: string, body: string) => htmlDocument({ lang: 'zh-CN', title, style: STYLE, body, head: '\n<link rel="icon" href="data:,">' })
