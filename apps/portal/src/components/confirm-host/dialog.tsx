import { Phone } from '@nutui/icons-react-taro'
import { Dialog } from '@nutui/nutui-react-taro'
import { RichText, Text, View } from '@tarojs/components'
import { settleConfirm, type ConfirmRequest } from '../../core/confirm'
import { platform } from '../../core/platform'
import { useI18n } from '../../i18n'
import { useDialogFocus } from '../a11y/dialog-focus'
import { AgreementsNotice } from './agreements-notice'
import { pressable } from '../a11y/pressable'
import { Button } from '../a11y/button'
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
          {...pressable(() => platform().system.makePhoneCall(body.phone))}
          data-testid="service-phone"
        >
          <Phone size={16} />
          <Text className="confirm-host__phone-label">{t.errors.servicePhoneLabel}</Text>
          <Text className="confirm-host__link">{body.phone}</Text>
        </View>
      )}
    </View>
  )
}

/** An irreversible action in the page's danger colour above the way out, each a full-width button. */
function DestructiveFooter({ confirmText, cancelText }: { confirmText: string; cancelText?: string }) {
  return (
    <View className="confirm-host__stack">
      <Button type="danger" block shape="round" size="large" data-testid="confirm-destructive" onClick={() => settleConfirm(true)}>
        {confirmText}
      </Button>
      {cancelText && (
        <Button block shape="round" size="large" data-testid="confirm-keep" onClick={() => settleConfirm(false)}>
          {cancelText}
        </Button>
      )}
    </View>
  )
}

/** The global confirm dialog (core/confirm) showing one request: NutUI's Dialog with our content. */
export function ConfirmDialog({ request: current }: { request: ConfirmRequest }) {
  const { t } = useI18n()
  // Escape cancels; a notice with only its OK button is acknowledged.
  useDialogFocus(true, '.confirm-host', { label: current.title ?? current.message, onEscape: () => settleConfirm(current.showCancel === false) })
  const confirmText = current.confirmText ?? t.common.confirm
  const cancelText = current.cancelText ?? t.common.cancel
  return (
    <Dialog
      className={current.destructive ? 'confirm-host confirm-host--destructive' : 'confirm-host'}
      visible
      title={current.title}
      confirmText={confirmText}
      cancelText={cancelText}
      footer={current.destructive ? <DestructiveFooter confirmText={confirmText} cancelText={current.showCancel === false ? undefined : cancelText} /> : undefined}
      hideCancelButton={current.showCancel === false}
      closeOnOverlayClick={false}
      onConfirm={() => settleConfirm(true)}
      onCancel={() => settleConfirm(false)}
    >
      <ConfirmContent request={current} />
    </Dialog>
  )
}
