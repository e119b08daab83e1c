import { PRIVACY_PERIODS, type PrivacyPeriod } from '@ess/contract/wire'
import { View } from '@tarojs/components'
import { pressable } from '../a11y/pressable'
import './index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'

/** The three periods of SPEC §9 as a segmented control. */
export function PeriodTabs({ value, onChange }: { value: PrivacyPeriod; onChange: (period: PrivacyPeriod) => void }) {
  const me = useTexts(meTexts)
  return (
    <View className="me-tabs" role="tablist">
      {PRIVACY_PERIODS.map((period) => (
        <View
          key={period}
          {...pressable(() => onChange(period), 'tab')}
          aria-selected={String(period === value)}
          data-testid={`period-${period}`}
          className={`me-tab${period === value ? ' me-tab--active' : ''}`}
        >
          {me.privacy.periods[period]}
        </View>
      ))}
    </View>
  )
}
