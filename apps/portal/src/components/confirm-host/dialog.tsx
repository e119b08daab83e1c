import { Phone } from '@nutui/icons-react-taro'
import { Dialog } from '@nutui/nutui-react-taro'
import { RichText, Text, View } from '@tarojs/components'
import { settleConfirm, type ConfirmRequest } from '../../core/confirm'
import { platform } from '../../core/platform'
import { useI18n } from '../../i18n'
import { AgreementsNotice } from './agreements-notice'
import './index.scss'

function ConfirmContent({ request }: { request: ConfirmRequest }) {
  const { t } = useI18n()
  const { body } = request
  return (
    <View className="confirm-host__content">
      {request.message && <View className="confirm-host__message">{request.message}</View>}
      {request.html && <RichText className="confirm-host__message" nodes={request.html} />}
      {body?.kind === 'agreements' && <AgreementsNotice type={body.type} />}
      {body?.kind === 'servicePhone' && (
        <View
          className="confirm-host__phone"
          role="button"
          aria-label={`${t.errors.call} ${body.phone}`}
          data-testid="service-phone"
          onClick={() => platform().system.makePhoneCall(body.phone)}
        >
          <Phone size={16} />
          <Text className="confirm-host__phone-label">{t.errors.servicePhoneLabel}</Text>
          <Text className="confirm-host__link">{body.phone}</Text>
        </View>
      )}
    </View>
  )
}

/** The global confirm dialog (core/confirm) showing one request: NutUI's Dialog with our content. */
export function ConfirmDialog({ request: current }: { request: ConfirmRequest }) {
  const { t } = useI18n()
  return (
    <Dialog
      className="confirm-host"
      visible
      title={current.title}
      confirmText={current.confirmText ?? t.common.confirm}
      cancelText={current.cancelText ?? t.common.cancel}
      hideCancelButton={current.showCancel === false}
      closeOnOverlayClick={false}
      onConfirm={() => settleConfirm(true)}
      onCancel={() => settleConfirm(false)}
    >
      <ConfirmContent request={current} />
    </Dialog>
  )
}
