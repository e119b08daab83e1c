import { randomBytes } from 'node:crypto'
import type { Config } from '../../config'
import type { Kv } from '../../infra/kv'
import type { WechatFakeApp } from '../dev/wechat-fake'
import { WECHAT_API, type WechatMiniApi, wechatMiniApi } from './api'

/** Where the gateway mounts the WeChat fake outside production. */
export const WECHAT_FAKE_MOUNT = '/dev/wechat'

/**
 * The mini-program's WeChat API of this deployment: with WECHAT_MINI_APPID, WeChat's own host (or
 * the fake at WECHAT_API_URL, tests); outside production without it, the fake this gateway mounts
 * under /dev/wechat with a demo app made at start; in production without it, none (the calls answer
 * WECHAT_UNAVAILABLE).
 */
export interface WechatMini {
  api?: WechatMiniApi
  fakeApps: WechatFakeApp[]
}

export function wechatMini(config: Config, kv: Kv, now: () => Date): WechatMini {
  const { credentials, apiUrl } = config.wechatMini
  if (credentials) return { api: wechatMiniApi(credentials, apiUrl ?? WECHAT_API, kv, now), fakeApps: [] }
  if (config.isProduction || apiUrl) return { fakeApps: [] }
  const demo = { appId: 'wxdemo0000000000', secret: randomBytes(16).toString('hex') }
  // Server to server: the gateway reaches its own fake on loopback, whatever PUBLIC_URL says.
  return { api: wechatMiniApi(demo, `http://127.0.0.1:${config.port}${WECHAT_FAKE_MOUNT}`, kv, now), fakeApps: [demo] }
}
