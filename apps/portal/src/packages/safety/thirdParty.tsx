import type { BindingInfo } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { ListCard } from '@/components/list-card'
import { formatDate } from '@/core/display/time'
import { PageFrame } from '@/components/page-frame'
import { ProviderBadge } from '@/components/third-party'
import { requireLogin } from '@/core/auth/target'
import { confirm } from '@/core/confirm'
import {
  bindWithTicket,
  canLeaveForProvider,
  forgetOAuthReturn,
  loadBindings,
  readOAuthReturn,
  startProviderBinding,
  unbindProvider,
} from '@/core/third-party'
import { toast } from '@/core/toast'
import { fill, useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'
import { thirdPartyTexts } from '@/i18n/third-party'

const ROUTE = 'packages/safety/thirdParty' as const

/**
 * The third-party binding list (SPEC §2): WeChat, QQ, Weibo, each bound as which nickname and
 * since when, or not; binding goes to the provider (web) after the identity check, unbinding asks
 * for the identity check and a confirm saying the provider can then no longer be used to log in.
 * Back from the provider, the ticket in the address is bound at once.
 */
export default function ThirdPartyPage() {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  const tp = useTexts(thirdPartyTexts)
  const { params } = useRouter()
  const [list, setList] = useState<BindingInfo | null>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const reload = async () => {
    const info = await loadBindings()
    setFailed(!info)
    if (info) setList(info)
  }
  useDidShow(() => {
    if (requireLogin(ROUTE)) void reload()
  })
  useEffect(() => {
    const back = readOAuthReturn(params, locale)
    if (!back) return
    forgetOAuthReturn()
    if (back.kind === 'error') return void toast(back.message)
    bindWithTicket(back.ticket)
      .then((info) => {
        setList(info)
        toast(tp.bound, { icon: 'success' })
      })
      .catch(() => undefined /* toasted by the request client */)
    // Once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const act = async (run: () => Promise<unknown>) => {
    if (busy) return
    setBusy(true)
    try {
      await run()
    } catch {
      /* toasted; an identity check needed has been opened */
    } finally {
      setBusy(false)
    }
  }
  const bind = (provider: BindingInfo[number]['provider']) => {
    if (!canLeaveForProvider()) return void toast(tp.webOnly)
    void act(() => startProviderBinding(provider))
  }
  const unbind = async (provider: BindingInfo[number]['provider']) => {
    const name = tp.providers[provider]
    if (!(await confirm({ message: fill(tp.unbindConfirm, { provider: name }), confirmText: tp.unbind }))) return
    void act(async () => {
      setList(await unbindProvider(provider))
      toast(tp.unbound, { icon: 'success' })
    })
  }

  return (
    <PageFrame route="packages/safety/thirdParty" onRefresh={reload}>
      {failed && !list && <EmptyState testId="bindings-failed" description={sec.loadFailed} />}
      {list && (
        <>
          <Text className="tp-list__intro">{tp.listIntro}</Text>
          <ListCard>
            {list.map(({ provider, available, binding }) => (
              <View key={provider} className="tp-list__row" data-testid={`binding-${provider}`} data-bound={binding ? 'yes' : 'no'}>
                <ProviderBadge provider={provider} />
                <View className="tp-list__body">
                  <Text className="tp-list__name">{tp.providers[provider]}</Text>
                  <Text className="tp-list__state">
                    {binding ? fill(tp.boundAs, { nickname: binding.nickname, date: formatDate(binding.boundAt) }) : available ? tp.notBound : tp.unavailable}
                  </Text>
                </View>
                {binding ? (
                  <View className="tp-list__action tp-list__action--danger" {...pressable(() => void unbind(provider))} data-testid={`unbind-${provider}`}>
                    {tp.unbind}
                  </View>
                ) : available ? (
                  <View className="tp-list__action" {...pressable(() => bind(provider))} data-testid={`bind-${provider}`}>
                    {tp.bind}
                  </View>
                ) : null}
              </View>
            ))}
          </ListCard>
        </>
      )}
    </PageFrame>
  )
}
