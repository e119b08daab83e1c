import type { DeviceSession, SecurityActivity } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { DetailLine, DeviceIcon, SectionTitle } from '@/components/security'
import { pressable } from '@/components/a11y/pressable'
import '@/components/security/index.scss'
import { requireLogin } from '@/core/auth/target'
import { confirm } from '@/core/confirm'
import { WARNING_EVENTS, deviceDetails, deviceName, loadActivity, orderSessions, signOutDevice, signOutOtherDevices } from '@/core/security/devices'
import { formatDateTime } from '@/core/display/time'
import { toast } from '@/core/toast'
import { fill } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

const ROUTE = 'packages/safety/devices' as const

function DeviceRow({ session, onSignOut }: { session: DeviceSession; onSignOut?: () => void }) {
  const s = useTexts(securityTexts)
  const name = deviceName(session, s.deviceTypes)
  return (
    <View className="sec-device" data-testid={session.current ? 'device-current' : 'device-other'}>
      <View className="sec-device__icon">
        <DeviceIcon type={session.deviceType} />
      </View>
      <View className="sec-device__body">
        <View className="sec-device__name">
          <Text>{name}</Text>
          {session.current && <Text className="sec-device__tag">{s.thisDevice}</Text>}
        </View>
        <DetailLine className="sec-device__line" parts={deviceDetails(session)} />
        <DetailLine
          className="sec-device__line"
          parts={[
            fill(s.signedInAt, { time: formatDateTime(session.signedInAt, { today: s.today }) }),
            session.current ? '' : fill(s.lastActive, { time: formatDateTime(session.lastActiveAt, { today: s.today }) }),
          ]}
        />
      </View>
      {onSignOut && (
        <View className="sec-device__action" {...pressable(onSignOut)} aria-label={`${s.signOutDevice} ${name}`} data-testid="sign-out-device">
          {s.signOutDevice}
        </View>
      )}
    </View>
  )
}

/**
 * Devices and sign-ins: this device first, the other devices (each can be signed out, or all at
 * once), then the sign-ins and security events of the last 30 days. Fresh on every show.
 */
export default function DevicesPage() {
  const s = useTexts(securityTexts)
  const [activity, setActivity] = useState<SecurityActivity | null>(null)
  const [failed, setFailed] = useState(false)
  const reload = async () => {
    const a = await loadActivity()
    setFailed(!a)
    if (a) setActivity(a)
  }
  useDidShow(() => {
    if (requireLogin(ROUTE)) void reload()
  })
  const signOutOne = async (session: DeviceSession) => {
    if (!(await confirm({ message: fill(s.signOutDeviceConfirm, { device: deviceName(session, s.deviceTypes) }) }))) return
    if (await signOutDevice(session.sessionId)) toast(s.signedOutDevice, { icon: 'success' })
    await reload()
  }
  const signOutAll = async () => {
    if (!(await confirm({ message: s.signOutOthersConfirm }))) return
    if (await signOutOtherDevices()) toast(s.signedOutOthers, { icon: 'success' })
    await reload()
  }
  const { current, others } = orderSessions(activity?.sessions ?? [])
  return (
    <PageFrame route="packages/safety/devices" onRefresh={reload}>
      {failed && !activity && <EmptyState testId="devices-failed" description={s.loadFailed} />}
      {activity && (
        <>
          <SectionTitle>{s.thisDevice}</SectionTitle>
          <ListCard className="sec-devices">{current && <DeviceRow session={current} />}</ListCard>
          <SectionTitle>{s.otherDevices}</SectionTitle>
          {others.length > 0 ? (
            <>
              <ListCard className="sec-devices">
                {others.map((o) => (
                  <DeviceRow key={o.sessionId} session={o} onSignOut={() => void signOutOne(o)} />
                ))}
              </ListCard>
              <View className="sec-all-out" {...pressable(() => void signOutAll())} data-testid="sign-out-others">
                {s.signOutOthers}
              </View>
            </>
          ) : (
            <EmptyState testId="no-other-devices" description={s.noOtherDevices} />
          )}
          <SectionTitle>{s.history}</SectionTitle>
          {activity.events.length > 0 ? (
            <ListCard className="sec-devices">
              {activity.events.map((e, i) => {
                const warn = WARNING_EVENTS.has(e.type)
                return (
                  <View key={`${e.at}-${i}`} className="sec-event" data-testid="security-event" data-type={e.type}>
                    <View className={`sec-event__dot${warn ? ' sec-event__dot--warn' : ''}`} />
                    <View className="sec-event__body">
                      <View className="sec-event__head">
                        <Text className={`sec-event__type${warn ? ' sec-event__type--warn' : ''}`}>{s.events[e.type]}</Text>
                        <Text className="sec-event__time">{formatDateTime(e.at, { today: s.today })}</Text>
                      </View>
                      <DetailLine className="sec-event__line" parts={[deviceName(e, s.deviceTypes), ...deviceDetails(e)]} />
                    </View>
                  </View>
                )
              })}
            </ListCard>
          ) : (
            <EmptyState testId="no-events" description={s.noHistory} />
          )}
        </>
      )}
    </PageFrame>
  )
}
