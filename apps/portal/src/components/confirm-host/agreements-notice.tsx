import { wire, type AppAgreement, type AgreementType } from '@ess/contract/wire'
import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { request } from '../../core/http/request'
import { useI18n } from '../../i18n'
import { AgreementLinks } from '../agreement-links'

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
  return (
    <View className="confirm-host__message" data-testid="agreements-notice">
      <AgreementLinks
        list={state.list}
        locale={locale}
        template={t.agreements.updatedNote}
        linkClassName="confirm-host__link"
        linkTestId="agreement-link"
      />
    </View>
  )
}
