import type { LoginSignupResult, Locale, WechatOpenId } from '@ess/contract'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { checkSignUpAgreements } from '../agreement/signatures'
import { type LoginDeps, signInOrCreateByPhone } from '../login/service'
import { resolvePhone } from '../user/contact'
import { findCredentials } from '../user/queries'
import type { Kv } from '../../infra/kv'
import type { WechatMiniApi } from './api'
import { bindOpenId, regionOfDialCode } from './queries'

export interface WechatDeps extends LoginDeps {
  /** Absent when this deployment has no mini-program (production without WECHAT_MINI_APPID). */
  api?: WechatMiniApi
}

/** How long the open id of a device is remembered (the mini-program asks again after a new wx.login). */
const DEVICE_OPEN_ID_TTL_MS = 30 * 24 * 3600_000

const deviceKey = (appId: string, deviceId: string) => `wechat:mini:${appId}:device:${deviceId}`

/** Remembers the WeChat user of a device (its open id), as wx.login codes said. */
export async function rememberDeviceOpenId(kv: Kv, appId: string, deviceId: string, identity: { openId: string; unionId?: string }): Promise<void> {
  await kv.set(deviceKey(appId, deviceId), JSON.stringify(identity), DEVICE_OPEN_ID_TTL_MS)
}

/** The open id last seen on a device, if any. */
export async function deviceOpenId(kv: Kv, appId: string, deviceId: string): Promise<string | undefined> {
  const stored = await kv.get(deviceKey(appId, deviceId))
  if (!stored) return undefined
  try {
    const { openId } = JSON.parse(stored) as { openId?: unknown }
    return typeof openId === 'string' && openId ? openId : undefined
  } catch {
    return undefined
  }
}

function apiOf(deps: WechatDeps): WechatMiniApi {
  if (!deps.api) throw new AppError('WECHAT_UNAVAILABLE')
  return deps.api
}

/**
 * `wechat/getOpenId`: the open id of a wx.login code, remembered for the device that asked (and
 * bound to the account when the user signs in with WeChat). WeChat's session key is not kept.
 */
export async function getOpenId(deps: WechatDeps, code: string, origin: ClientOrigin): Promise<WechatOpenId> {
  const api = apiOf(deps)
  const { openId, unionId } = await api.codeToSession(code, deps.log)
  await rememberDeviceOpenId(deps.kv, api.appId, origin.deviceId, { openId, unionId })
  return { openId }
}

/**
 * `login/weChatMiniQuickLogin`: the phone WeChat verified (the phone-number button's code) signs in
 * to its account, or creates it with the ticked agreements, as an SMS code does. With a wx.login
 * code, the mini-program's open id is bound to that account.
 */
export async function weChatMiniQuickLogin(
  deps: WechatDeps,
  input: { phoneCode: string; loginCode?: string; agreementIds?: string[] },
  origin: ClientOrigin,
  locale: Locale,
): Promise<LoginSignupResult> {
  const api = apiOf(deps)
  const now = deps.now()
  // Both codes are single-use at WeChat: the login code first, so a bad one does not spend the phone's.
  const identity = input.loginCode ? await api.codeToSession(input.loginCode, deps.log) : undefined
  const verified = await api.phoneNumber(input.phoneCode, deps.log)
  const region = await regionOfDialCode(deps.db, verified.countryCode)
  if (!region) {
    deps.log.warn({ countryCode: verified.countryCode }, 'WeChat phone of a region we do not serve')
    throw new AppError('WECHAT_UNAVAILABLE')
  }
  const phone = await resolvePhone(deps.db, region, verified.phone, locale)
  const existing = await findCredentials(deps.db, { phoneE164: phone.phoneE164 })
  const versionIds = existing ? [] : await checkSignUpAgreements(deps.db, input.agreementIds, locale, now)
  const result = await signInOrCreateByPhone(deps, phone, existing?.id, versionIds, origin, now)
  if (identity) {
    await bindOpenId(deps.db, { appId: api.appId, openId: identity.openId, unionId: identity.unionId ?? null, userId: result.userId, boundAt: now })
    await rememberDeviceOpenId(deps.kv, api.appId, origin.deviceId, identity)
  }
  return result
}
