import { type PrivacyPeriod, type PrivacySummary, ROUTE_PATHS } from '@ess/contract/wire'
import { ArrowRight } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { EmptyState } from '@/components/empty-state'
import { ListCard, ListRow } from '@/components/list-card'
import { PeriodTabs } from '@/components/me/periods'
import { formatDateTime } from '@/core/display/time'
import { PageFrame } from '@/components/page-frame'
import { rememberLoginTarget } from '@/core/auth/target'
import { userStore } from '@/core/auth/user-store'
import { confirm } from '@/core/confirm'
import { openRoute } from '@/core/navigation'
import { downloadMyData, loadPrivacySummary, withdrawConsent } from '@/core/privacy/api'
import { getToken } from '@/core/session'
import { fill, useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'
import { userCenterTexts } from '@/i18n/user-center'

const ROUTE = 'packages/users/setting/privacyList' as const

/**
 * Privacy and personal data (SPEC §1 summary; MIIT 2021 lists within two taps of My account):
 * what was collected in 7 days / 30 days / 1 year, each type opening its records, the third-party
 * sharing list, a copy of my data (PIPL art. 45) and the withdrawal of consent (art. 15).
 */
export default function UsersSettingPrivacyListPage() {
  const { locale } = useI18n()
  const ucx = useTexts(userCenterTexts)
  const p = useTexts(meTexts).privacy
  const user = useStore(userStore, (s) => s.user)
  const [period, setPeriod] = useState<PrivacyPeriod>('7d')
  const [summary, setSummary] = useState<PrivacySummary | null>(null)
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null)
  const [loggedIn, setLoggedIn] = useState(() => !!getToken())

  useDidShow(() => setLoggedIn(!!getToken()))
  useEffect(() => {
    if (!loggedIn) return
    let live = true
    void loadPrivacySummary(period).then((next) => live && next && setSummary(next))
    return () => {
      live = false
    }
  }, [period, locale, loggedIn, user?.userId])

  const download = async (format: 'json' | 'pdf') => {
    setBusy(format)
    await downloadMyData(format)
    setBusy(null)
  }
  const withdraw = async () => {
    if (await confirm({ message: p.withdrawConfirm })) await withdrawConsent()
  }
  const login = () => {
    // Login takes this page's place and brings the user back to one summary, not a second one.
    rememberLoginTarget(ROUTE)
    void openRoute(ROUTE_PATHS.login, undefined, { replace: true })
  }

  return (
    <PageFrame route="packages/users/setting/privacyList">
      <ListCard>
        <ListRow testId="open-third-party" title={p.thirdPartyList} onClick={() => void openRoute('packages/users/setting/thirdInfoList')} />
      </ListCard>
      <Text className="me-section">{p.collectedList}</Text>
      {!loggedIn ? (
        <EmptyState
          description={p.loginFirst}
          actions={
            <Button type="primary" shape="round" onClick={login} data-testid="privacy-login">
              {ucx.loginRegister}
            </Button>
          }
        />
      ) : (
        <>
          <Text className="me-intro">{p.summaryIntro}</Text>
          <PeriodTabs value={period} onChange={setPeriod} />
          <ListCard>
            {(summary?.items ?? []).map((item) => (
              <View
                key={item.type}
                className="me-item"
                hoverClass="list-row--pressed"
                {...pressable(() => void openRoute('packages/users/setting/singleList', { type: item.type, period }), 'link')}
                data-testid={`privacy-${item.type}`}
              >
                <View className="me-item__main">
                  <Text className="me-item__title">{item.name}</Text>
                  <Text className="me-item__sub">{item.purpose}</Text>
                  {item.lastAt && <Text className="me-item__sub">{fill(p.lastAt, { time: formatDateTime(item.lastAt) })}</Text>}
                </View>
                <View className="me-item__end">
                  <Text className={`me-item__count${item.count ? '' : ' me-item__count--none'}`} data-testid={`count-${item.type}`}>
                    {item.count ? fill(p.times, { count: item.count }) : p.notCollected}
                  </Text>
                </View>
                <ArrowRight size={12} className="list-row__arrow" />
              </View>
            ))}
          </ListCard>
          <View className="me-card" data-testid="my-data">
            <View className="me-card__title">{p.myData}</View>
            <Text className="me-item__sub">{p.myDataIntro}</Text>
            <View className="me-actions">
              <Button block shape="round" type="primary" fill="outline" loading={busy === 'json'} disabled={!!busy} data-testid="download-json" onClick={() => void download('json')}>
                {busy === 'json' ? p.downloading : p.downloadJson}
              </Button>
              <Button block shape="round" type="primary" fill="outline" loading={busy === 'pdf'} disabled={!!busy} data-testid="download-pdf" onClick={() => void download('pdf')}>
                {busy === 'pdf' ? p.downloading : p.downloadPdf}
              </Button>
            </View>
          </View>
          <ListCard className="me-danger">
            <ListRow testId="withdraw-consent" role="button" title={p.withdraw} end={null} onClick={() => void withdraw()} />
            <Text className="me-hint">{p.withdrawHint}</Text>
          </ListCard>
        </>
      )}
    </PageFrame>
  )
}
