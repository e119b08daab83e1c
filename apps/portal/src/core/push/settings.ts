import { PUSH_KINDS, type PushKind, type PushSettings, wire } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { request } from '../http/request'
import { toast } from '../toast'
import { textsNow } from '../../i18n/domain'
import { meTexts } from '../../i18n/me'
import { askSubscription, loadSubscribeTemplates } from '../notices/subscribe'

/**
 * Push settings (SPEC §2): four kinds kept on the server per user, on by default. A switch moves
 * at once, the call follows; a refusal puts it back and says so.
 */
export const pushStore = createStore<{ settings: PushSettings | null; saving: PushKind | null }>(() => ({ settings: null, saving: null }))

export async function loadPushSettings(): Promise<void> {
  // The mini-program's subscribe templates too: the switch must ask WeChat at once when tapped.
  const [settings] = await Promise.all([request(wire.pushSettings), loadSubscribeTemplates()])
  if (settings) pushStore.setState({ settings })
}

const withKind = (settings: PushSettings, kind: PushKind, enabled: boolean) => settings.map((row) => (row.kind === kind ? { ...row, enabled } : row))

/**
 * Switches a kind; answers whether the server kept it. Switching one on in the mini-program also
 * asks WeChat for that kind's subscribe message (first, while the tap still counts).
 */
export async function setPush(kind: PushKind, enabled: boolean): Promise<boolean> {
  const subscription = enabled ? askSubscription(kind).catch(() => 'failed' as const) : undefined
  const before = pushStore.getState().settings ?? PUSH_KINDS.map((k) => ({ kind: k, enabled: true }))
  pushStore.setState({ settings: withKind(before, kind, enabled), saving: kind })
  const t = textsNow(meTexts).push
  try {
    const saved = await request(wire.updatePushSetting, { kind, enabled }, { needThrowErr: true, needShowToast: false })
    pushStore.setState({ settings: saved, saving: null })
    toast(enabled ? t.on : t.off)
    await subscription
    return true
  } catch {
    pushStore.setState({ settings: withKind(pushStore.getState().settings ?? before, kind, !enabled), saving: null })
    toast(t.failed)
    await subscription
    return false
  }
}
