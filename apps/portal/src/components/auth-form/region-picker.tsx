import { DEFAULT_PHONE_REGION, wire, type DictItem } from '@ess/contract/wire'
import { ArrowDown } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { afterFirstPaint } from '../../core/first-paint'
import { request } from '../../core/http/request'
import { useI18n } from '../../i18n'
import { pressable } from '../a11y/pressable'
// Relative on purpose: Taro's platform suffix swaps in popups.weapp.ts for relative paths only.
import { RegionPopup } from './popups'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

const CHINA: DictItem = { value: DEFAULT_PHONE_REGION, label: '', dialCode: '+86' }

/** Phone regions of `dict/list?type=phoneRegion`, China (+86) first. */
export function usePhoneRegions(): DictItem[] {
  const { locale } = useI18n()
  const [items, setItems] = useState<DictItem[]>([CHINA])
  useEffect(() => {
    let alive = true
    // China (+86) is drawn at once; the list, needed when the picker opens, after the first paint.
    void afterFirstPaint()
      .then(() => (alive ? request(wire.dictList, { type: 'phoneRegion' }, { needShowToast: false }) : undefined))
      .then((list) => {
        if (!alive || !list?.items.length) return
        const china = list.items.filter((i) => i.value === DEFAULT_PHONE_REGION)
        setItems([...china, ...list.items.filter((i) => i.value !== DEFAULT_PHONE_REGION)])
      })
    return () => {
      alive = false
    }
  }, [locale])
  return items
}

/**
 * The dialling code in front of a phone field; tapping it opens the region list (mounted from the
 * first tap on: on the web its code is fetched then, popups.ts).
 */
export function RegionPicker({ value, onChange }: { value: string; onChange: (region: string) => void }) {
  const aux = useTexts(authTexts)
  const regions = usePhoneRegions()
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const current = regions.find((r) => r.value === value) ?? CHINA
  const show = () => {
    setOpened(true)
    setOpen(true)
  }
  return (
    <>
      <View className="auth-region" {...pressable(show)} aria-label={`${aux.region} ${current.dialCode ?? ''}`} data-testid="region">
        <Text>{current.dialCode}</Text>
        <ArrowDown className="auth-region__arrow" size={10} />
      </View>
      {opened && (
        <RegionPopup
          open={open}
          regions={regions}
          value={value}
          onChange={onChange}
          onClose={() => setOpen(false)}
          // A list whose code cannot be fetched (offline for a moment): the next tap tries again.
          onLoadFailed={() => {
            setOpen(false)
            setOpened(false)
          }}
        />
      )}
    </>
  )
}
