import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useStore } from 'zustand'
import { Button } from '../a11y/button'
import { askSubscriptions, remindableKinds, subscribeStore } from '../../core/notices/subscribe'
import { pushStore } from '../../core/push/settings'
import { toast } from '../../core/toast'
import { fill } from '../../i18n'
import { useTexts } from '../../i18n/domain'
import { helpTexts } from '../../i18n/help'

/**
 * The inbox's "WeChat reminders" (issue 35), mini-program only: for the push kinds switched on that
 * have a subscribe template, one tap asks WeChat for them all (one dialog, up to three templates)
 * and records each accept — one message each. Says how many messages the accepts still allow.
 * Nothing is drawn where there is nothing to ask for (the web, no templates, every kind off).
 */
export function WechatReminders() {
  const t = useTexts(helpTexts).notices.wechat
  const { templates } = useStore(subscribeStore)
  const { settings } = useStore(pushStore)
  const [asking, setAsking] = useState(false)
  const kinds = remindableKinds(templates, settings)
  if (!kinds.length) return null
  const remaining = kinds.reduce((sum, k) => sum + k.remaining, 0)
  const ask = () => {
    // WeChat opens its dialog only within the tap: asked before anything is awaited.
    const asked = askSubscriptions(kinds.map((k) => k.kind))
    setAsking(true)
    void asked
      .then((outcome) => {
        if (outcome === 'recorded') toast(t.on, { icon: 'success' })
        else if (outcome === 'declined') toast(t.declined)
        else if (outcome === 'failed') toast(t.failed)
      })
      .finally(() => setAsking(false))
  }
  return (
    <View className="notice-wechat" data-testid="notices-wechat">
      <View className="notice-wechat__text">
        <Text className="notice-wechat__title">{t.title}</Text>
        <Text className="notice-wechat__intro">{t.intro}</Text>
        <Text className="notice-wechat__remaining" data-testid="notices-wechat-remaining">
          {fill(t.remaining, { count: remaining })}
        </Text>
      </View>
      <Button size="small" shape="round" type="primary" loading={asking} onClick={ask} aria-label={t.ask} data-testid="notices-wechat-ask">
        {t.ask}
      </Button>
    </View>
  )
}
