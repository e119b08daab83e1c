import type { HostPrivacy } from '../types'

type Resolve = (answer: { event: 'exposureAuthorization' | 'agree' | 'disagree'; buttonId?: string }) => void

/** The parts of WeChat's privacy API used here (base library 2.32.3+). */
interface WxPrivacy {
  getPrivacySetting(options: { success(res: { needAuthorization: boolean; privacyContractName?: string }): void; fail(): void }): void
  onNeedPrivacyAuthorization(listener: (resolve: Resolve, eventInfo?: { referrer?: string }) => void): void
}

/**
 * WeChat's privacy authorization (https://developers.weixin.qq.com/miniprogram/dev/framework/user-privacy/PrivacyAuthorize.html)
 * joined with the portal's consent panel. When a privacy API or component (the phone-number
 * button, the image picker…) is used before the user agreed, WeChat holds that call and asks the
 * app (onNeedPrivacyAuthorization) to show its own privacy dialog: the listener here routes that to
 * the consent panel and keeps WeChat's `resolve`, answered when the user taps Agree (the panel's
 * `agreePrivacyAuthorization` button, so WeChat sees the tap: buttonId and event 'agree') or
 * Disagree ('disagree': the held call fails). Null on a base library without the API (older than
 * 2.32.3, where WeChat asks nothing of the app).
 */
export function createMiniPrivacy(wechat = (globalThis as { wx?: Partial<WxPrivacy> }).wx): HostPrivacy | null {
  if (!wechat || typeof wechat.onNeedPrivacyAuthorization !== 'function' || typeof wechat.getPrivacySetting !== 'function') return null
  const api = wechat as WxPrivacy
  const waiting: Resolve[] = []
  const exposed = new WeakSet<Resolve>()
  const listeners: Array<(referrer: string) => void> = []
  api.onNeedPrivacyAuthorization((resolve, eventInfo) => {
    waiting.push(resolve)
    for (const listener of listeners) listener(eventInfo?.referrer ?? '')
  })
  const answer = (value: Parameters<Resolve>[0]) => {
    const held = waiting.splice(0)
    for (const resolve of held) resolve(value)
    return held.length > 0
  }
  return {
    needsAuthorization: () =>
      new Promise<boolean>((resolve) =>
        api.getPrivacySetting({
          success: (res) => resolve(res.needAuthorization === true),
          // WeChat could not say: the portal's own consent decides alone.
          fail: () => resolve(false),
        }),
      ),
    onNeeded: (listener) => void listeners.push(listener),
    exposed() {
      for (const resolve of waiting) {
        if (exposed.has(resolve)) continue
        exposed.add(resolve)
        resolve({ event: 'exposureAuthorization' })
      }
    },
    agreed: (buttonId) => answer({ buttonId, event: 'agree' }),
    declined: () => void answer({ event: 'disagree' }),
  }
}
