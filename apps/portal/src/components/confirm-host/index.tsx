import { NETWORK_ABNORMAL_TEXT } from '@ess/contract/wire'
import { useStore } from 'zustand'
import { confirmStore, settleConfirm } from '../../core/confirm'
import { toast } from '../../core/toast'
import { getLocale } from '../../i18n'
import { ConfirmDialog } from './load'

/**
 * Draws the global confirm dialog (core/confirm). Each page frame mounts one and shows it only
 * while its page is on screen. The dialog itself (NutUI's Dialog, its overlay and transitions) is
 * loaded with the first request on H5 (./load.ts), so it is not part of the start-up JS; if it
 * cannot be loaded, the request is answered as cancelled and the network message shown.
 */
export function ConfirmHost() {
  const current = useStore(confirmStore, (s) => s.current)
  if (!current) return null
  return (
    <ConfirmDialog
      key={current.id}
      request={current}
      onLoadFailed={() => {
        toast(NETWORK_ABNORMAL_TEXT[getLocale()])
        settleConfirm(false)
      }}
    />
  )
}
