import { DEFAULT_PHONE_REGION, wire, type DictItem } from '@ess/contract/wire'
import { ArrowDown } from '@nutui/icons-react-taro'
import { Popup } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { request } from '../../core/http/request'
import { useI18n } from '../../i18n'
import { pressable } from '../a11y/pressable'
import { useDialogFocus } from '../a11y/dialog-focus'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

const CHINA: DictItem = { value: DEFAULT_PHONE_REGION, label: '', dialCode: '+86' }

/** Phone regions of `dict/list?type=phoneRegion`, China (+86) first. */
export function usePhoneRegions(): DictItem[] {
  const { locale } = useI18n()
  const [items, setItems] = useState<DictItem[]>([CHINA])
  useEffect(() => {
    let alive = true
    void request(wire.dictList, { type: 'phoneRegion' }, { needShowToast: false }).then((list) => {
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

/** The dialling code in front of a phone field; tapping it opens the region list. */
export function RegionPicker({ value, onChange }: { value: string; onChange: (region: string) => void }) {
  const aux = useTexts(authTexts)
  const regions = usePhoneRegions()
  const [open, setOpen] = useState(false)
  const current = regions.find((r) => r.value === value) ?? CHINA
  useDialogFocus(open, '.region-popup', { label: aux.regionTitle, onEscape: () => setOpen(false) })
  return (
    <>
      <View className="auth-region" {...pressable(() => setOpen(true))} aria-label={`${aux.region} ${current.dialCode ?? ''}`} data-testid="region">
        <Text>{current.dialCode}</Text>
        <ArrowDown className="auth-region__arrow" size={10} />
      </View>
      <Popup className="region-popup" visible={open} position="bottom" round title={aux.regionTitle} closeable onClose={() => setOpen(false)}>
        <View className="region-list" role="listbox" aria-label={aux.regionTitle} data-testid="region-list">
          {regions.map((r) => (
            <View
              key={r.value}
              className={`region-list__item${r.value === value ? ' region-list__item--active' : ''}`}
              {...pressable(() => {
                onChange(r.value)
                setOpen(false)
              }, 'option')}
              aria-selected={String(r.value === value)}
            >
              <Text>{r.label}</Text>
              <Text className="region-list__code">{r.dialCode}</Text>
            </View>
          ))}
        </View>
      </Popup>
    </>
  )
}
