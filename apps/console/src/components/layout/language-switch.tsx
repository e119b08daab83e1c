import { TranslationOutlined } from '@ant-design/icons'
import { LOCALES } from '@ess/contract/wire'
import { Select } from 'antd'
import { useTexts } from '../../providers/i18n'

export function LanguageSwitch() {
  const { locale, setLocale, texts } = useTexts()
  return (
    <Select
      aria-label={texts.common.language}
      value={locale}
      onChange={setLocale}
      variant="borderless"
      // The language icon before the name (as a suffix it took the arrow's place and read as a broken image).
      prefix={<TranslationOutlined aria-hidden />}
      options={LOCALES.map((value) => ({ value, label: texts.common.languageNames[value] }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 128 }}
    />
  )
}
