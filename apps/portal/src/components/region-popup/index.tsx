import type { DictItem } from '@ess/contract/wire'
import { Popup } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { pressable } from '../a11y/pressable'
import { useDialogFocus } from '../a11y/dialog-focus'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

/**
 * The list of phone regions the region picker (auth-form/region-picker.tsx) opens. Its styles are
 * the sign-in forms' (auth-form/index.scss). A part of its own on the web (auth-form/popups.ts):
 * the forms paint without NutUI's Popup.
 */
export function RegionPopup({
  open,
  regions,
  value,
  onChange,
  onClose,
}: {
  open: boolean
  regions: DictItem[]
  value: string
  onChange: (region: string) => void
  onClose: () => void
}) {
  const aux = useTexts(authTexts)
  useDialogFocus(open, '.region-popup', { label: aux.regionTitle, onEscape: onClose })
  return (
    <Popup className="region-popup" visible={open} position="bottom" round title={aux.regionTitle} closeable onClose={onClose}>
      <View className="region-list" role="listbox" aria-label={aux.regionTitle} data-testid="region-list">
        {regions.map((r) => (
          <View
            key={r.value}
            className={`region-list__item${r.value === value ? ' region-list__item--active' : ''}`}
            {...pressable(() => {
              onChange(r.value)
              onClose()
            }, 'option')}
            aria-selected={String(r.value === value)}
          >
            <Text>{r.label}</Text>
            <Text className="region-list__code">{r.dialCode}</Text>
          </View>
        ))}
      </View>
    </Popup>
  )
}
