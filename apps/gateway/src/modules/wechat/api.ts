import type { FastifyBaseLogger } from 'fastify'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'

/**
 * The WeChat server port of the mini-program: who a wx.login code stands for, and the phone a
 * phone-number button's code stands for. The session key and the app's access token stay here.
 */
export interface WechatMiniApi {
  readonly appId: string
  /** jscode2session: WECHAT_CODE_INVALID for a bad or used code, WECHAT_FAILED when WeChat fails. */
  codeToSession(code: string, log: FastifyBaseLogger): Promise<{ openId: string; unionId?: string }>
  /** getuserphonenumber: the number without its country code, and the country code ('86' for the mainland). */
  phoneNumber(code: string, log: FastifyBaseLogger): Promise<{ phone: string; countryCode: string }>
  /**
   * cgi-bin/message/subscribe/send: WeChat's answer (errcode 0 and msgid when sent). An access token
   * WeChat says is invalid or expired (40001, 42001) is dropped and a fresh one tried once. Throws
   * WECHAT_FAILED when WeChat cannot be reached.
   */
  sendSubscribeMessage(message: SubscribeMessage, log: FastifyBaseLogger): Promise<{ errcode: number; errmsg?: string; msgid?: string }>
}

/** The body of WeChat's subscribe/send (its documented fields). */
export interface SubscribeMessage {
  touser: string
  template_id: string
  /** The mini-program page the message opens, with its query. */
  page?: string
  /** Template fields: `{ thing1: { value: '…' }, time2: { value: '…' } }`. */
  data: Record<string, { value: string }>
  miniprogram_state: 'formal' | 'trial' | 'developer'
  lang: 'zh_CN' | 'en_US' | 'zh_HK' | 'zh_TW'
}

/** WeChat's API host. */
export const WECHAT_API = 'https://api.weixin.qq.com'
const TIMEOUT_MS = 5000
/** Codes WeChat answers for a code that is wrong, expired or used (40029, 40163) or a bad phone code (40226 is a risky user). */
const CODE_ERRORS = new Set([40029, 40163])
/** The access token is not (or no longer) valid: drop it and get another once. */
export const TOKEN_ERRORS: ReadonlySet<number> = new Set([40001, 42001])

type Answer = Record<string, unknown> & { errcode?: number; errmsg?: string }

async function call(url: string, init: RequestInit, log: FastifyBaseLogger): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init.headers } })
    return (await response.json()) as Answer
  } catch (error) {
    log.warn({ err: error, url: url.split('?')[0] }, 'WeChat unreachable')
    throw new AppError('WECHAT_FAILED')
  }
}

/** Refuses WeChat's error answers: a code problem for the user, anything else logged with WeChat's code. */
function check(answer: Answer, what: string, log: FastifyBaseLogger): void {
  if (!answer.errcode) return
  log.warn({ errcode: answer.errcode, errmsg: answer.errmsg }, `WeChat refused ${what}`)
  throw new AppError(CODE_ERRORS.has(answer.errcode) ? 'WECHAT_CODE_INVALID' : 'WECHAT_FAILED')
}

/**
 * The real adapter: WeChat's documented server API at `base` (api.weixin.qq.com, or the local
 * fake in development and tests). The access token comes from `cgi-bin/stable_token` and is shared
 * by every gateway through the KV until shortly before it expires.
 */
export function wechatMiniApi(credentials: { appId: string; secret: string }, base: string, kv: Kv, now: () => Date): WechatMiniApi {
  const tokenKey = `wechat:mini:${credentials.appId}:token`

  async function accessToken(log: FastifyBaseLogger, fresh = false): Promise<string> {
    if (!fresh) {
      const cached = await kv.get(tokenKey)
      if (cached) return cached
    }
    const answer = await call(
      `${base}/cgi-bin/stable_token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credential', appid: credentials.appId, secret: credentials.secret, force_refresh: false }),
      },
      log,
    )
    check(answer, 'the access token', log)
    const token = String(answer.access_token ?? '')
    const ttlS = Number(answer.expires_in ?? 0)
    if (!token) throw new AppError('WECHAT_FAILED')
    // Five minutes early: a token about to expire is not handed to a call that may run long.
    if (ttlS > 600) await kv.set(tokenKey, token, (ttlS - 300) * 1000)
    return token
  }

  /** A call with the access token; a token WeChat refuses (40001, 42001) is replaced once. */
  async function withToken(ask: (token: string) => Promise<Answer>, log: FastifyBaseLogger): Promise<Answer> {
    const answer = await ask(await accessToken(log))
    if (!answer.errcode || !TOKEN_ERRORS.has(answer.errcode)) return answer
    await kv.del(tokenKey)
    return ask(await accessToken(log, true))
  }

  return {
    appId: credentials.appId,
    async codeToSession(code, log) {
      const query = new URLSearchParams({ appid: credentials.appId, secret: credentials.secret, js_code: code, grant_type: 'authorization_code' })
      const answer = await call(`${base}/sns/jscode2session?${query}`, {}, log)
      check(answer, 'the login code', log)
      const openId = typeof answer.openid === 'string' ? answer.openid : ''
      if (!openId) throw new AppError('WECHAT_FAILED')
      // session_key is not kept: nothing here decrypts the client's data (the phone comes from getuserphonenumber).
      return { openId, unionId: typeof answer.unionid === 'string' ? answer.unionid : undefined }
    },
    async phoneNumber(code, log) {
      const ask = async (token: string) =>
        call(
          `${base}/wxa/business/getuserphonenumber?${new URLSearchParams({ access_token: token })}`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) },
          log,
        )
      const answer = await withToken(ask, log)
      check(answer, 'the phone code', log)
      const info = (answer.phone_info ?? {}) as { purePhoneNumber?: string; countryCode?: string; watermark?: { appid?: string; timestamp?: number } }
      // The watermark says which app the number was issued to: another app's answer is not ours.
      if (info.watermark?.appid !== credentials.appId || !info.purePhoneNumber || !info.countryCode) {
        log.warn({ watermark: info.watermark, at: now().toISOString() }, 'WeChat phone answer not for this app')
        throw new AppError('WECHAT_FAILED')
      }
      return { phone: info.purePhoneNumber, countryCode: info.countryCode }
    },
    async sendSubscribeMessage(message, log) {
      const answer = await withToken(
        (token) =>
          call(
            `${base}/cgi-bin/message/subscribe/send?${new URLSearchParams({ access_token: token })}`,
            { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) },
            log,
          ),
        log,
      )
      return { errcode: Number(answer.errcode ?? 0), errmsg: answer.errmsg, msgid: answer.msgid === undefined ? undefined : String(answer.msgid) }
    },
  }
}
