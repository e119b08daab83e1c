import { ROUTE_PATHS, type AppAgreement, type Locale } from '@ess/contract/wire'
import { Text } from '@tarojs/components'
import { agreementHref, formatAgreementName, joinSegments } from '../../core/agreements'
import { openRoute } from '../../core/navigation'
import { splitSentence } from '../../i18n/types'
import { pressable } from '../a11y/pressable'

/**
 * The agreements as links joined by "and" / "和" (each opens its text in the web-view page),
 * inside a sentence: `template` marks their place with `{links}`; `loadingText` stands there while
 * the list is null.
 */
export function AgreementLinks({
  list,
  locale,
  template,
  loadingText,
  linkClassName,
  linkTestId,
}: {
  list: readonly AppAgreement[] | null
  locale: Locale
  template: string
  loadingText?: string
  linkClassName: string
  linkTestId: string
}) {
  const [before, after] = splitSentence(template, '{links}')
  return (
    <>
      {before && <Text>{before}</Text>}
      {list === null && <Text>{loadingText}</Text>}
      {joinSegments(list ?? [], locale).map((segment, i) =>
        segment.kind === 'item' ? (
          <Text
            key={segment.value.agreementId}
            className={linkClassName}
            data-testid={linkTestId}
            {...pressable(() => void openRoute(ROUTE_PATHS.webview, { url: agreementHref(segment.value.agreementUrl) }), 'link')}
          >
            {formatAgreementName(segment.value.agreementName, locale)}
          </Text>
        ) : (
          <Text key={`sep-${i}`}>{segment.value}</Text>
        ),
      )}
      {after && <Text>{after}</Text>}
    </>
  )
}
