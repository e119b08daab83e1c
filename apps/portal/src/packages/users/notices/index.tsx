import { ROUTE_PATHS, type Notice, type NoticeTarget } from '@ess/contract/wire'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { useStore } from 'zustand'
import { formatDateTime } from '@/core/display/time'
import { EmptyState } from '@/components/empty-state'
import { HelpSkeleton, LoadFailed } from '@/components/help'
import { pressable } from '@/components/a11y/pressable'
import '@/components/help/index.scss'
import { WechatReminders } from '@/components/notices/wechat-reminders'
import { PageFrame } from '@/components/page-frame'
import { rememberLoginTarget } from '@/core/auth/target'
import { openRoute } from '@/core/navigation'
import { inboxStore, loadInbox, openNoticeTarget, readAllNotices, readNotice } from '@/core/notices/inbox'
import { platform } from '@/core/platform'
import { loadPushSettings } from '@/core/push/settings'
import { getToken } from '@/core/session'
import { toast } from '@/core/toast'
import { fill } from '@/i18n'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'
import { userCenterTexts } from '@/i18n/user-center'

const ROUTE = 'packages/users/notices/index' as const

/**
 * The notices inbox (ours, beyond the SPEC; reached from My account, settings and customer
 * service): newest first, unread ones marked; a tap opens the whole text and marks it read;
 * "mark all read". Kinds switched off in push settings are not listed (the gateway leaves them out).
 */
export default function UsersNoticesPage() {
  const ucx = useTexts(userCenterTexts)
  const hlp = useTexts(helpTexts)
  const n = useTexts(helpTexts).notices
  const { notices, unread, status } = useStore(inboxStore)
  const [loggedIn, setLoggedIn] = useState(() => !!getToken())
  const [open, setOpen] = useState<string | null>(null)
  useDidShow(() => {
    setLoggedIn(!!getToken())
    void loadInbox()
    // The mini-program's WeChat reminders need the kinds switched on and their templates.
    if (getToken() && platform().kind === 'weapp') void loadPushSettings()
  })
  const login = () => {
    rememberLoginTarget(ROUTE)
    void openRoute(ROUTE_PATHS.login, undefined, { replace: true })
  }
  const tap = (notice: Notice) => {
    setOpen((current) => (current === notice.id ? null : notice.id))
    void readNotice(notice.id)
  }
  const readAll = async () => {
    if (!unread) return
    await readAllNotices()
    if (!inboxStore.getState().unread) toast(n.allRead)
  }

  return (
    <PageFrame route="packages/users/notices/index">
      {!loggedIn ? (
        <EmptyState
          testId="notices-login"
          description={n.loginFirst}
          actions={
            <Button type="primary" shape="round" onClick={login} data-testid="notices-login-button">
              {ucx.loginRegister}
            </Button>
          }
        />
      ) : (
        <WechatReminders />
      )}
      {!loggedIn ? null : status === 'loading' || status === 'idle' ? (
        <HelpSkeleton />
      ) : status === 'failed' ? (
        <LoadFailed testId="notices-failed" description={n.loadFailed} onRetry={() => void loadInbox()} />
      ) : notices.length === 0 ? (
        <EmptyState testId="notices-empty" description={n.empty} />
      ) : (
        <>
          <View className="notice-toolbar">
            <Text data-testid="notices-unread">{fill(hlp.notices.unreadCount, { count: unread })}</Text>
            <View
              className={`notice-toolbar__action${unread ? '' : ' notice-toolbar__action--disabled'}`}
              {...pressable(() => void readAll())}
              aria-disabled={unread ? 'false' : 'true'}
              data-testid="notices-read-all"
            >
              {n.readAll}
            </View>
          </View>
          {notices.map((notice) => (
            // The card holds two controls side by side, never one inside the other (axe's
            // nested-interactive): the pressable part that opens the text, and the link's button.
            <View key={notice.id} className={`notice-card${notice.read ? '' : ' notice-card--unread'}`} data-testid={`notice-${notice.id}`} data-read={notice.read ? '1' : '0'}>
              <View className="notice-card__main" {...pressable(() => tap(notice))} aria-expanded={open === notice.id ? 'true' : 'false'}>
                <View className="notice-card__head">
                  <Text className={`notice-card__kind${notice.kind === 'security' ? ' notice-card__kind--security' : ''}`}>{n.kinds[notice.kind]}</Text>
                  <Text className="notice-card__time">{formatDateTime(notice.at)}</Text>
                </View>
                <View className="notice-card__title">
                  {!notice.read && <View className="notice-card__dot" aria-label={n.unread} />}
                  <Text>{notice.title}</Text>
                </View>
                <Text className={`notice-card__body${open === notice.id ? '' : ' notice-card__body--clamped'}`}>{notice.body}</Text>
              </View>
              {notice.target && (
                <View className="notice-card__link">
                  <Button
                    size="small"
                    shape="round"
                    type="primary"
                    fill="outline"
                    onClick={(event) => {
                      event.stopPropagation()
                      void readNotice(notice.id)
                      void openNoticeTarget(notice.target as NoticeTarget)
                    }}
                    data-testid={`notice-open-${notice.id}`}
                  >
                    {n.openTarget}
                  </Button>
                </View>
              )}
            </View>
          ))}
        </>
      )}
    </PageFrame>
  )
}
