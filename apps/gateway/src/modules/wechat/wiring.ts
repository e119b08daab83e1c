import { randomBytes } from 'node:crypto'
import { PUSH_KINDS, type PushKind } from '@ess/contract'
import type { Config } from '../../config'
import type { Kv } from '../../infra/kv'
import type { WechatFakeApp } from '../dev/wechat-fake'
import { WECHAT_API, type WechatMiniApi, wechatMiniApi } from './api'

/** Where the gateway mounts the WeChat fake outside production. */
export const WECHAT_FAKE_MOUNT = '/dev/wechat'

/**
 * The mini-program's WeChat API of this deployment: with WECHAT_MINI_APPID, WeChat's own host (or
 * the fake at WECHAT_API_URL, tests); outside production without it, the fake this gateway mounts
 * under /dev/wechat with a demo app made at start (with a demo subscribe template per push kind
 * unless WECHAT_SUBSCRIBE_TEMPLATE_* name them); in production without it, none (the calls answer
 * WECHAT_UNAVAILABLE).
 */
export interface WechatMini {
  api?: WechatMiniApi
  fakeApps: WechatFakeApp[]
  /** The subscribe-message template of each push kind: WECHAT_SUBSCRIBE_TEMPLATE_*, or the demo app's. */
  templates: Partial<Record<PushKind, string>>
}

/** The keywords every template chosen for a push kind has (modules/notices/wechat.ts subscribeData). */
export const SUBSCRIBE_KEYWORDS = ['thing1', 'time2', 'thing3'] as const

/** The demo app's templates (a fake WeChat only), one per push kind. */
const demoTemplates = (): Record<PushKind, string> =>
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, `demo-${kind}-${randomBytes(6).toString('hex')}`])) as Record<PushKind, string>

export function wechatMini(config: Config, kv: Kv, now: () => Date): WechatMini {
  const { credentials, apiUrl, subscribeTemplates } = config.wechatMini
  if (credentials) return { api: wechatMiniApi(credentials, apiUrl ?? WECHAT_API, kv, now), fakeApps: [], templates: subscribeTemplates }
  if (config.isProduction || apiUrl) return { fakeApps: [], templates: {} }
  const templates = Object.keys(subscribeTemplates).length ? subscribeTemplates : demoTemplates()
  const demo = {
    appId: 'wxdemo0000000000',
    secret: randomBytes(16).toString('hex'),
    templates: Object.fromEntries(Object.values(templates).map((id) => [id, SUBSCRIBE_KEYWORDS])),
  }
  // Server to server: the gateway reaches its own fake on loopback, whatever PUBLIC_URL says.
  return { api: wechatMiniApi(demo, `http://127.0.0.1:${config.port}${WECHAT_FAKE_MOUNT}`, kv, now), fakeApps: [demo], templates }
}
