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

/** WeChat takes at most this many templates in one `requestSubscribeMessage`. */
export const SUBSCRIBE_TEMPLATES_PER_ASK = 3

/**
 * Asks WeChat for the kind's subscription and records an accept. WeChat takes the request only
 * from a tap: call it in the switch's handler before anything is awaited (the dialog is opened
 * synchronously here, before the first await).
 */
export function askSubscription(kind: PushKind): Promise<SubscribeOutcome> {
  return askSubscriptions([kind])
}

/**
 * Asks WeChat, in one dialog, for the subscriptions of several kinds (the inbox's "WeChat
 * reminders": the kinds switched on, at most SUBSCRIBE_TEMPLATES_PER_ASK) and records every accept;
 * 'recorded' when at least one was accepted. Called from a tap, like askSubscription.
 */
export async function askSubscriptions(kinds: readonly PushKind[]): Promise<SubscribeOutcome> {
  const ask = platform().system.requestSubscribeMessage
  if (platform().kind !== 'weapp' || !ask) return 'unsupported'
  const templates = subscribeStore.getState().templates ?? []
  const templateIds = [...new Set(kinds.flatMap((kind) => templates.filter((t) => t.kind === kind).map((t) => t.templateId)))].slice(0, SUBSCRIBE_TEMPLATES_PER_ASK)
  if (!templateIds.length) return 'noTemplate'
  const answer = await ask(templateIds)
  if (!answer) return 'failed'
  const accepted = Object.entries(answer)
    .filter(([id, choice]) => templateIds.includes(id) && choice === 'accept')
    .map(([id]) => id)
  if (!accepted.length) return 'declined'
  // A fresh wx.login code names the WeChat user who accepted (the gateway may have forgotten the device's).
  const loginCode = (await platform().system.wechatLoginCode()) ?? undefined
  const saved = await request(wire.wechatSubscribeAccept, { templateIds: accepted, ...(loginCode ? { loginCode } : {}) }, { needShowToast: false })
  if (!saved) return 'failed'
  subscribeStore.setState({ templates: saved })
  return 'recorded'
}

/**
 * The kinds the inbox offers WeChat reminders for: switched on (push settings) and with a
 * template; each with the messages its accepts still allow. Empty outside the mini-program.
 */
export function remindableKinds(templates: SubscribeTemplates | null, settings: ReadonlyArray<{ kind: PushKind; enabled: boolean }> | null): Array<{ kind: PushKind; remaining: number }> {
  if (!templates || !settings) return []
  return settings.filter((s) => s.enabled).flatMap((s) => templates.filter((t) => t.kind === s.kind).map((t) => ({ kind: s.kind, remaining: t.remaining })))
}
