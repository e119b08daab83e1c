/**
 * A local fake of the WeChat server endpoints a mini-program's back end calls, on loopback, speaking
 * their documented protocol: `GET /sns/jscode2session` (wx.login code → openid, session_key,
 * unionid), `POST /cgi-bin/stable_token` (the app's access token) and
 * `POST /wxa/business/getuserphonenumber` (the phone-number button's code → the phone), with
 * WeChat's error codes (40029 invalid code, 40163 code used, 40013 / 40125 wrong app id or secret,
 * 40001 / 42001 invalid or expired access token), and `POST /cgi-bin/message/subscribe/send`
 * (subscribe messages: 40003 an open id it never issued, 40037 an unknown template, 47003 fields
 * that do not fit the template's keywords; what it took is listed at `GET /messages`). Outside production the gateway mounts it under
 * /dev/wechat (no WeChat account needed to try the mini-program's sign-in); tests start it on a
 * port of their own. Never part of the product's code path: the gateway talks to it over HTTP,
 * through the same adapter as to api.weixin.qq.com.
 *
 * What the WeChat client does on the phone (wx.login, the getPhoneNumber button) is `/mint`:
 * a harness or a person asks it for a code of a demo identity or phone, as the real client gets one
 * from WeChat.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FakeSubscribeMessage } from '@ess/contract/testing'
import Fastify, { type FastifyInstance } from 'fastify'

export interface WechatFakeApp {
  appId: string
  secret: string
  /** The app's subscribe-message templates: template id → its keywords (`thing1`, `time2`, …). */
  templates?: Record<string, readonly string[]>
}

/** WeChat's keyword types and the longest value each takes (its subscribe-message documentation). */
const KEYWORD_LIMITS: Record<string, number> = {
  thing: 20,
  number: 32,
  letter: 32,
  symbol: 5,
  character_string: 32,
  time: 64,
  date: 64,
  amount: 32,
  phone_number: 17,
  car_number: 8,
  name: 10,
  phrase: 5,
}
const TIME_VALUE = /^(\d{4}年\d{1,2}月\d{1,2}日 )?\d{1,2}:\d{2}$|^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/
const DATE_VALUE = /^\d{4}年\d{1,2}月\d{1,2}日( \d{1,2}:\d{2})?$|^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/

/** Why WeChat would refuse these template fields (47003), or undefined when they fit. */
function dataProblem(keywords: readonly string[], data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'data'
  const entries = Object.entries(data as Record<string, unknown>)
  for (const keyword of keywords) if (!(keyword in (data as object))) return `data.${keyword} is missing`
  for (const [keyword, field] of entries) {
    if (!keywords.includes(keyword)) return `data.${keyword} is not a keyword of the template`
    const value = (field as { value?: unknown } | null)?.value
    if (typeof value !== 'string' || !value) return `data.${keyword}.value is empty`
    const type = keyword.replace(/\d+$/, '')
    const limit = KEYWORD_LIMITS[type]
    if (limit === undefined) return `data.${keyword} is of an unknown type`
    if (Array.from(value).length > limit) return `data.${keyword}.value exceeds the limit (${limit})`
    if (type === 'time' && !TIME_VALUE.test(value)) return `data.${keyword}.value invalid`
    if (type === 'date' && !DATE_VALUE.test(value)) return `data.${keyword}.value invalid`
  }
  return undefined
}

/** Codes live 5 minutes and are good for one exchange, as WeChat's. */
const CODE_TTL_MS = 5 * 60_000
const TOKEN_TTL_S = 7200

type Minted = { kind: 'login'; identity: string; expiresAt: number } | { kind: 'phone'; phone: string; countryCode: string; expiresAt: number }

export interface WechatFakeState {
  /** What the WeChat client would get on the phone: a wx.login code of a demo identity, or a phone button's code. */
  mintLoginCode(identity: string): string
  mintPhoneCode(phone: string, countryCode?: string): string
  /** The open id the fake answers for an identity in an app (what jscode2session will say). */
  openIdOf(appId: string, identity: string): string
  /** Every server call received, for tests (path and the app id or token it carried). */
  readonly calls: Array<{ path: string; appId?: string }>
  /** Makes the next access tokens expire at once (WeChat's 42001 on their next use). */
  expireTokens(): void
  /** Makes every access token invalid (WeChat's 40001: another stable_token with force_refresh was made). */
  invalidateTokens(): void
  /** The subscribe messages WeChat took, oldest first. */
  readonly subscribeMessages: FakeSubscribeMessage[]
  /**
   * Answers the next `times` subscribe/send calls with this errcode (43101 the user refused or has
   * no subscription left, -1 busy, 45009 quota, …) instead of taking them.
   */
  failSubscribe(errcode: number, times?: number): void
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url')

/** The fake's routes, under `prefix`, for these apps. */
export function wechatFake(apps: WechatFakeApp[]): { plugin: (fastify: FastifyInstance) => Promise<void>; state: WechatFakeState } {
  const codes = new Map<string, Minted>()
  const used = new Set<string>()
  const tokens = new Map<string, { appId: string; expiresAt: number }>()
  const calls: WechatFakeState['calls'] = []
  const subscribeMessages: FakeSubscribeMessage[] = []
  const failures: number[] = []
  /** The open ids jscode2session answered, per app: a message to another is WeChat's 40003. */
  const issued = new Map<string, Set<string>>()
  let messageSeq = 0
  const appOf = (appId: unknown, secret: unknown) => apps.find((a) => a.appId === appId && a.secret === secret)
  const known = (appId: unknown) => apps.some((a) => a.appId === appId)
  const fail = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` })
  const mint = (entry: Minted) => {
    const code = randomBytes(16).toString('hex')
    codes.set(code, entry)
    return code
  }
  /** Takes a code: the entry, or WeChat's error (40029 unknown or expired, 40163 used). */
  const take = (code: unknown, kind: Minted['kind']): Minted | { errcode: number; errmsg: string } => {
    if (typeof code !== 'string') return fail(40029, 'invalid code')
    if (used.has(code)) return fail(40163, 'code been used')
    const entry = codes.get(code)
    if (!entry || entry.kind !== kind || entry.expiresAt < Date.now()) return fail(40029, 'invalid code')
    codes.delete(code)
    used.add(code)
    return entry
  }
  const openIdOf = (appId: string, identity: string) => `o${digest(`${appId}\n${identity}`).slice(0, 27)}`

  const state: WechatFakeState = {
    mintLoginCode: (identity) => mint({ kind: 'login', identity, expiresAt: Date.now() + CODE_TTL_MS }),
    mintPhoneCode: (phone, countryCode = '86') => mint({ kind: 'phone', phone, countryCode, expiresAt: Date.now() + CODE_TTL_MS }),
    openIdOf,
    calls,
    expireTokens: () => {
      for (const token of tokens.values()) token.expiresAt = 0
    },
    invalidateTokens: () => tokens.clear(),
    subscribeMessages,
    failSubscribe: (errcode, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(errcode)
    },
  }

  const plugin = async (fastify: FastifyInstance) => {
    fastify.get<{ Querystring: Record<string, string> }>('/sns/jscode2session', { schema: { hide: true } }, async (request) => {
      const { appid, secret, js_code: code, grant_type: grant } = request.query
      calls.push({ path: '/sns/jscode2session', appId: appid })
      if (!known(appid)) return fail(40013, 'invalid appid')
      if (!appOf(appid, secret)) return fail(40125, 'invalid appsecret')
      if (grant !== 'authorization_code') return fail(40002, 'invalid grant_type')
      const entry = take(code, 'login')
      if ('errcode' in entry) return entry
      if (entry.kind !== 'login') return fail(40029, 'invalid code')
      const openid = openIdOf(appid, entry.identity)
      if (!issued.has(appid)) issued.set(appid, new Set())
      issued.get(appid)?.add(openid)
      return { openid, session_key: randomBytes(16).toString('base64'), unionid: `u${digest(`union\n${entry.identity}`).slice(0, 27)}` }
    })

    fastify.post<{ Body: Record<string, unknown> }>('/cgi-bin/stable_token', { schema: { hide: true } }, async (request) => {
      const { grant_type: grant, appid, secret } = request.body ?? {}
      calls.push({ path: '/cgi-bin/stable_token', appId: String(appid) })
      if (grant !== 'client_credential') return fail(40002, 'invalid grant_type')
      if (!known(appid)) return fail(40013, 'invalid appid')
      if (!appOf(appid, secret)) return fail(40125, 'invalid appsecret')
      const token = randomBytes(32).toString('base64url')
      tokens.set(token, { appId: String(appid), expiresAt: Date.now() + TOKEN_TTL_S * 1000 })
      return { access_token: token, expires_in: TOKEN_TTL_S }
    })

    fastify.post<{ Querystring: Record<string, string>; Body: Record<string, unknown> }>(
      '/wxa/business/getuserphonenumber',
      { schema: { hide: true } },
      async (request) => {
        const token = tokens.get(request.query.access_token ?? '')
        calls.push({ path: '/wxa/business/getuserphonenumber', appId: token?.appId })
        if (!token) return fail(40001, 'invalid credential, access_token is invalid or not latest')
        if (token.expiresAt < Date.now()) return fail(42001, 'access_token expired')
        const entry = take(request.body?.code, 'phone')
        if ('errcode' in entry) return entry
        if (entry.kind !== 'phone') return fail(40029, 'invalid code')
        return {
          errcode: 0,
          errmsg: 'ok',
          phone_info: {
            phoneNumber: entry.countryCode === '86' ? entry.phone : `+${entry.countryCode}${entry.phone}`,
            purePhoneNumber: entry.phone,
            countryCode: entry.countryCode,
            watermark: { timestamp: Math.floor(Date.now() / 1000), appid: token.appId },
          },
        }
      },
    )

    // Subscribe messages (cgi-bin/message/subscribe/send): the documented body and errors.
    fastify.post<{ Querystring: Record<string, string>; Body: Record<string, unknown> }>(
      '/cgi-bin/message/subscribe/send',
      { schema: { hide: true } },
      async (request) => {
        const token = tokens.get(request.query.access_token ?? '')
        calls.push({ path: '/cgi-bin/message/subscribe/send', appId: token?.appId })
        if (!token) return fail(40001, 'invalid credential, access_token is invalid or not latest')
        if (token.expiresAt < Date.now()) return fail(42001, 'access_token expired')
        const app = apps.find((a) => a.appId === token.appId)
        const body = request.body ?? {}
        const { touser, template_id: templateId, page, data, miniprogram_state: state = 'formal', lang = 'zh_CN' } = body
        if (typeof touser !== 'string' || !issued.get(token.appId)?.has(touser)) return fail(40003, 'invalid openid')
        const keywords = typeof templateId === 'string' ? app?.templates?.[templateId] : undefined
        if (!keywords) return fail(40037, 'invalid template_id')
        if (page !== undefined && (typeof page !== 'string' || page.length > 1024 || page.startsWith('/'))) return fail(41030, 'invalid page')
        if (!['formal', 'trial', 'developer'].includes(String(state)) || !['zh_CN', 'en_US', 'zh_HK', 'zh_TW'].includes(String(lang))) {
          return fail(47001, 'data format error')
        }
        const problem = dataProblem(keywords, data)
        if (problem) return fail(47003, `argument invalid! ${problem}`)
        const failure = failures.shift()
        if (failure !== undefined) return fail(failure, failure === 43101 ? 'user refuse to accept the msg' : 'system error')
        const msgid = String(1_000_000_000 + ++messageSeq)
        subscribeMessages.push({
          msgid,
          appId: token.appId,
          touser,
          templateId: templateId as string,
          page: page as string | undefined,
          data: data as FakeSubscribeMessage['data'],
          miniprogramState: String(state),
          lang: String(lang),
          at: new Date().toISOString(),
        })
        return { errcode: 0, errmsg: 'ok', msgid }
      },
    )

    // What arrived, for a test or a person (GET /dev/wechat/messages?touser=…): newest first.
    fastify.get<{ Querystring: { touser?: string } }>('/messages', { schema: { hide: true } }, async (request) => ({
      messages: subscribeMessages.filter((m) => !request.query.touser || m.touser === request.query.touser).slice().reverse(),
    }))

    // The WeChat client's side (wx.login, the phone-number button): codes for a harness or a person.
    fastify.post<{ Body: { identity?: string; phone?: string; countryCode?: string } }>('/mint', { schema: { hide: true } }, async (request, reply) => {
      const { identity, phone, countryCode } = request.body ?? {}
      if (identity && /^[\w.-]{1,64}$/.test(identity)) return { code: state.mintLoginCode(identity) }
      if (phone && /^\d{4,14}$/.test(phone) && (!countryCode || /^\d{1,4}$/.test(countryCode))) return { code: state.mintPhoneCode(phone, countryCode) }
      return reply.code(400).send({ errcode: 40097, errmsg: 'invalid args: give identity, or phone (and countryCode)' })
    })
  }
  return { plugin, state }
}

export interface WechatFakeServer {
  /** `http://127.0.0.1:port`. */
  url: string
  state: WechatFakeState
  close(): Promise<void>
}

/** The fake on a loopback port of its own (tests, the mini-program harness). */
export async function startWechatFake(apps: WechatFakeApp[]): Promise<WechatFakeServer> {
  const { plugin, state } = wechatFake(apps)
  const server = Fastify({ logger: false })
  await server.register(plugin)
  const url = await server.listen({ port: 0, host: '127.0.0.1' })
  return { url, state, close: () => server.close() }
}
