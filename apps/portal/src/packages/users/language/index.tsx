import { LOCALES, type Locale } from '@ess/contract/wire'
import { Check } from '@nutui/icons-react-taro'
import { Text } from '@tarojs/components'
import { ListCard, ListRow } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { setLocale } from '@/core/locale'
import { toast } from '@/core/toast'
import { LANGUAGE_NAMES, useI18n } from '@/i18n'
import './index.scss'
import { useTexts } from '@/i18n/domain'
import { languageTexts } from '@/i18n/language'

/** The language page: switching re-renders every mounted page, the tab bar and the UI kit at once. */
export default function LanguagePage() {
  const { locale } = useI18n()
  const lgx = useTexts(languageTexts)
  const choose = (next: Locale) => {
    if (next === locale) return
    setLocale(next).then(
      () => toast(languageTexts[next].switched),
      () => toast(lgx.loadFailed),
    )
  }
  return (
    <PageFrame route="packages/users/language/index">
      <Text className="lang-intro">{lgx.intro}</Text>
      <ListCard className="lang-list">
        {LOCALES.map((option) => (
          <ListRow
            key={option}
            testId={`lang-${option}`}
            role="radio"
            checked={option === locale}
            active={option === locale}
            title={LANGUAGE_NAMES[option]}
            end={option === locale ? <Check size={18} className="lang-check" /> : null}
            onClick={() => choose(option)}
          />
        ))}
      </ListCard>
    </PageFrame>
  )
}
