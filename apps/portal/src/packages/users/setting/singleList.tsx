import { PRIVACY_INFO_TYPES, PRIVACY_PERIODS, type PrivacyInfoType, type PrivacyPeriod, type PrivacyRecord } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { ListCard } from '@/components/list-card'
import { PeriodTabs } from '@/components/me/periods'
import { formatDateTime } from '@/core/display/time'
import { PageFrame } from '@/components/page-frame'
import { loadPrivacyRecords } from '@/core/privacy/api'
import { fill, useI18n } from '@/i18n'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'

const asType = (v: string | undefined): PrivacyInfoType => ((PRIVACY_INFO_TYPES as readonly string[]).includes(v ?? '') ? (v as PrivacyInfoType) : 'phone')
const asPeriod = (v: string | undefined): PrivacyPeriod => ((PRIVACY_PERIODS as readonly string[]).includes(v ?? '') ? (v as PrivacyPeriod) : '1y')

/** One type of personal information: each collection with its time, scene and the value masked. */
export default function UsersSettingSingleListPage() {
  const { locale } = useI18n()
  const p = useTexts(meTexts).privacy
  const params = useRouter().params
  const type = asType(params.type)
  const [period, setPeriod] = useState<PrivacyPeriod>(asPeriod(params.period))
  const [data, setData] = useState<{ name: string; purpose: string; records: PrivacyRecord[] } | null>(null)
  // The period tabs wait for the first answer (or its failure): drawn before it, they were pushed
  // down by the type's card above them when it came (a layout shift).
  const [answered, setAnswered] = useState(false)
  useEffect(() => {
    let live = true
    void loadPrivacyRecords(type, period).then((next) => {
      if (!live) return
      if (next) setData(next)
      setAnswered(true)
    })
    return () => {
      live = false
    }
  }, [type, period, locale])

  return (
    <PageFrame route="packages/users/setting/singleList">
      {data && (
        <View className="me-card">
          <View className="me-card__title" data-testid="single-name">{data.name}</View>
          <View className="me-field">
            <Text className="me-field__label">{p.purposeLabel}</Text>
            <Text className="me-field__value">{data.purpose}</Text>
          </View>
        </View>
      )}
      {answered && <PeriodTabs value={period} onChange={setPeriod} />}
      {data && !data.records.length && <EmptyState description={p.recordsEmpty} />}
      {data && data.records.length > 0 && (
        <ListCard>
          {data.records.map((record, i) => (
            <View key={`${record.at}-${i}`} className="me-item" data-testid="privacy-record">
              <View className="me-item__main">
                <Text className="me-item__title">{record.sceneName}</Text>
                <Text className="me-item__sub">{formatDateTime(record.at)}</Text>
              </View>
              <View className="me-item__end">
                <Text className="me-item__sub">{record.value ?? '—'}</Text>
                {record.count > 1 && <Text className="me-item__sub">{fill(p.times, { count: record.count })}</Text>}
              </View>
            </View>
          ))}
        </ListCard>
      )}
    </PageFrame>
  )
}
