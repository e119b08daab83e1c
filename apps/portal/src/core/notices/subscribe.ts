import { type PushKind, type SubscribeTemplates, wire } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { request } from '../http/request'
import { platform } from '../platform'

/**
 * WeChat subscribe messages (issue 35), mini-program only: the template of each push kind comes
 * from the gateway (`wechat/subscribeTemplates`, so it can change without a new package); when the
 * employee switches a kind on, `wx.requestSubscribeMessage` asks for that kind's template, and each
 * 'accept' is sent to the gateway (`wechat/subscribeAccept`), which keeps it as one allowed message.
 * The web has no such API: nothing is asked there.
 */
export const subscribeStore = createStore<{ templates: SubscribeTemplates | null }>(() => ({ templates: null }))

/** Reads the templates (mini-program, signed in); quiet when the gateway cannot answer. */
export async function loadSubscribeTemplates(): Promise<void> {
  if (platform().kind !== 'weapp') return
  const templates = await request(wire.wechatSubscribeTemplates, undefined, { needShowToast: false })
  if (templates) subscribeStore.setState({ templates })
}

/** How asking for a kind's subscription ended. */
export type SubscribeOutcome = 'unsupported' | 'noTemplate' | 'declined' | 'recorded' | 'failed'

/**
 * Asks WeChat for the kind's subscription and records an accept. WeChat takes the request only
 * from a tap: call it in the switch's handler before anything is awaited (the dialog is opened
 * synchronously here, before the first await).
 */
export async function askSubscription(kind: PushKind): Promise<SubscribeOutcome> {
  const ask = platform().system.requestSubscribeMessage
  if (platform().kind !== 'weapp' || !ask) return 'unsupported'
  const templateId = subscribeStore.getState().templates?.find((t) => t.kind === kind)?.templateId
  if (!templateId) return 'noTemplate'
  const answer = await ask([templateId])
  if (!answer) return 'failed'
  const accepted = Object.entries(answer)
    .filter(([id, choice]) => id === templateId && choice === 'accept')
    .map(([id]) => id)
  if (!accepted.length) return 'declined'
  // A fresh wx.login code names the WeChat user who accepted (the gateway may have forgotten the device's).
  const loginCode = (await platform().system.wechatLoginCode()) ?? undefined
  const templates = await request(wire.wechatSubscribeAccept, { templateIds: accepted, ...(loginCode ? { loginCode } : {}) }, { needShowToast: false })
  if (!templates) return 'failed'
  subscribeStore.setState({ templates })
  return 'recorded'
}
