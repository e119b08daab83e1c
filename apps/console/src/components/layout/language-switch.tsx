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
      suffixIcon={<TranslationOutlined />}
      options={LOCALES.map((value) => ({ value, label: texts.common.languageNames[value] }))}
      style={{ width: 120 }}
    />
  )
}
