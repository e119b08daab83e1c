import { wire } from '@ess/contract/wire'
import { hasPrivacyConsent } from '../auth/consent'
import { request } from '../http/request'
import { platform } from '../platform'
import { getOpenId, setOpenId } from '../storage'

/** The environment an open id belongs to (SPEC §3: cached per environment): the gateway this build talks to. */
export const openIdEnvironment = (): string => platform().apiBase || 'same-origin'

/**
 * The mini-program's open id of this environment: the cached one, else `wechat/getOpenId` with a
 * fresh wx.login code (the gateway keeps WeChat's session key). Null outside the mini-program or
 * when WeChat or the gateway cannot answer; never toasts (nothing the user asked for).
 */
export async function ensureOpenId(): Promise<string | null> {
  // Nothing personal before the privacy consent (SPEC §4): asked again at the next launch.
  if (platform().kind !== 'weapp' || !hasPrivacyConsent()) return null
  const env = openIdEnvironment()
  const cached = getOpenId(env)
  if (cached) return cached
  const code = await platform().system.wechatLoginCode()
  if (!code) return null
  const answer = await request(wire.wechatGetOpenId, { code }, { needShowToast: false })
  if (!answer) return null
  setOpenId(env, answer.openId)
  return answer.openId
}
