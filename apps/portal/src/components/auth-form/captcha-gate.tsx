import { NETWORK_ABNORMAL_TEXT } from '@ess/contract/wire'
import { useEffect, useRef, useState } from 'react'
import { toast } from '../../core/toast'
import { getLocale } from '../../i18n'
import { whenUserActs } from '../lazy-part'
// Relative on purpose: Taro's platform suffix swaps in popups.weapp.ts for relative paths only.
import { CaptchaPopup, preloadCaptcha } from './popups'

/**
 * The slider puzzle in front of an action that needs a captcha token (asking for a code, a
 * password login): `ask(then)` opens the puzzle, a pass closes it and runs `then(token)`.
 * On the web the puzzle's code is not part of the screen's (popups.ts): it is asked for at the
 * user's first tap or key on the screen, and the popup is mounted from the first `ask` on.
 */
export function useCaptchaGate() {
  const [visible, setVisible] = useState(false)
  const [asked, setAsked] = useState(false)
  const next = useRef<((token: string) => void) | null>(null)
  // Fetched while the user fills the form.
  useEffect(() => whenUserActs(preloadCaptcha), [])
  const ask = (then: (token: string) => void) => {
    next.current = then
    setAsked(true)
    setVisible(true)
  }
  const close = () => {
    next.current = null
    setVisible(false)
  }
  const popup = asked ? (
    <CaptchaPopup
      visible={visible}
      onClose={close}
      // A puzzle whose code cannot be fetched (offline for a moment): the network message, the gate
      // closes, and the next `ask` mounts it again, which tries again.
      onLoadFailed={() => {
        toast(NETWORK_ABNORMAL_TEXT[getLocale()])
        close()
        setAsked(false)
      }}
      onPass={(token) => {
        const then = next.current
        next.current = null
        setVisible(false)
        then?.(token)
      }}
    />
  ) : null
  return { ask, popup }
}
