import { ruleMessage } from '@ess/contract/wire'
import { Check } from '@nutui/icons-react-taro'
import { Input } from '@nutui/nutui-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useStore } from 'zustand'
import { PageFrame } from '@/components/page-frame'
import { THEME_PRESETS, TEXT_SCALE, displayStore, legibleBrand, normaliseHex, resetDisplay, setTextSize, setThemeColor } from '@/core/display/theme'
import { TEXT_SIZES } from '@/core/storage/keys'
import { toast } from '@/core/toast'
import { useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import '@/components/me/index.scss'
import './index.scss'
import { useTexts } from '@/i18n/domain'
import { meTexts } from '@/i18n/me'

/**
 * Display settings: the brand colour (presets or a custom value under SPEC §5's hex rule) and the
 * text size, applied at once and remembered.
 */
export default function UserCenterSettingsConfigPage() {
  const { locale } = useI18n()
  const d = useTexts(meTexts).display
  const color = useStore(displayStore, (s) => s.color)
  const textSize = useStore(displayStore, (s) => s.textSize)
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)

  const applyCustom = () => {
    if (!normaliseHex(custom)) {
      setError(ruleMessage('themeHex.invalid', locale))
      return
    }
    setError(null)
    setThemeColor(custom)
    toast(d.applied)
  }

  return (
    <PageFrame route="packages/user-center/settings/config/index">
      <Text className="me-section">{d.themeColor}</Text>
      <View className="me-card">
        <Text className="me-item__sub">{d.presets}</Text>
        <View className="display-swatches">
          {THEME_PRESETS.map((preset) => (
            <View
              key={preset}
              className={`display-swatch${preset === color ? ' display-swatch--active' : ''}`}
              // As it will be used: darkened where white text on it needs it (legibleBrand).
              style={{ background: legibleBrand(preset) }}
              {...pressable(() => setThemeColor(preset), 'radio')}
              aria-checked={String(preset === color)}
              aria-label={preset}
              data-testid={`swatch-${preset.slice(1)}`}
            >
              {preset === color && <Check size={16} color="#fff" />}
            </View>
          ))}
        </View>
        <Text className="me-item__sub">{d.custom}</Text>
        <View className="display-custom">
          <View className="display-custom__dot" style={{ background: legibleBrand(normaliseHex(custom) ?? color) }} />
          <Input
            className="display-custom__input"
            value={custom}
            placeholder={d.customPlaceholder}
            maxLength={7}
            onChange={(value: string) => {
              setCustom(value)
              setError(null)
            }}
            data-testid="custom-color"
          />
          <Button type="primary" size="small" shape="round" onClick={applyCustom} data-testid="apply-color">
            {d.apply}
          </Button>
        </View>
        {error && (
          <Text className="display-error" data-testid="color-error">
            {error}
          </Text>
        )}
      </View>
      <Text className="me-section">{d.textSize}</Text>
      <View className="me-card">
        <View className="me-tabs display-sizes" role="radiogroup">
          {TEXT_SIZES.map((size) => (
            <View
              key={size}
              {...pressable(() => setTextSize(size), 'radio')}
              aria-checked={String(size === textSize)}
              data-testid={`size-${size}`}
              className={`me-tab${size === textSize ? ' me-tab--active' : ''}`}
            >
              {d.sizes[size]}
            </View>
          ))}
        </View>
        <Text className="me-item__sub">{d.preview}</Text>
        <View className="display-preview" style={{ fontSize: `${Math.round(15 * TEXT_SCALE[textSize])}px` }}>
          <Text>{d.previewText}</Text>
        </View>
        <Button block type="primary" shape="round">
          {d.preview}
        </Button>
      </View>
      <View className="display-reset">
        <Button block fill="none" onClick={resetDisplay} data-testid="reset-display">
          {d.reset}
        </Button>
      </View>
    </PageFrame>
  )
}
