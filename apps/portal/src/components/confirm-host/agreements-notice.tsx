import { ROUTE_PATHS, wire, type AppAgreement, type AgreementType } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { agreementHref, formatAgreementName, joinSegments } from '../../core/agreements'
import { request } from '../../core/http/request'
import { openRoute } from '../../core/navigation'
import { useI18n } from '../../i18n'

type State = { status: 'loading' } | { status: 'ready'; list: AppAgreement[] } | { status: 'error' }

/**
 * The current app agreements as links joined by "and" / "和", inside the sentence saying they
 * were updated and must be agreed to; "Loading..." while the list loads.
 */
export function AgreementsNotice({ type = '1' }: { type?: AgreementType }) {
  const { t, locale } = useI18n()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let alive = true
    setState({ status: 'loading' })
    request(wire.getAppAgreements, { type }, { needShowToast: false }).then((list) => {
      if (alive) setState(list ? { status: 'ready', list } : { status: 'error' })
    })
    return () => {
      alive = false
    }
  }, [type, locale])

  if (state.status === 'loading') {
    return (
      <View className="confirm-host__loading" data-testid="agreements-loading">
        {t.common.loading}
      </View>
    )
  }
  if (state.status === 'error') {
    return <View className="confirm-host__message">{t.agreements.loadFailed}</View>
  }
  const [before, after = ''] = t.agreements.updatedNote.split('{links}')
  return (
    <View className="confirm-host__message" data-testid="agreements-notice">
      <Text>{before}</Text>
      {joinSegments(state.list, locale).map((segment, i) =>
        segment.kind === 'item' ? (
          <Text
            key={segment.value.agreementId}
            className="confirm-host__link"
            data-testid="agreement-link"
            onClick={() => void openRoute(ROUTE_PATHS.webview, { url: agreementHref(segment.value.agreementUrl) })}
          >
            {formatAgreementName(segment.value.agreementName, locale)}
          </Text>
        ) : (
          <Text key={`sep-${i}`}>{segment.value}</Text>
        ),
      )}
      <Text>{after}</Text>
    </View>
  )
}
