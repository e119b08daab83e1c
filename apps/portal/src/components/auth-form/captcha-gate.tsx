import { useRef, useState } from 'react'
import { CaptchaPopup } from '../slider-captcha'

/**
 * The slider puzzle in front of an action that needs a captcha token (asking for a code, a
 * password login): `ask(then)` opens the puzzle, a pass closes it and runs `then(token)`.
 */
export function useCaptchaGate() {
  const [visible, setVisible] = useState(false)
  const next = useRef<((token: string) => void) | null>(null)
  const ask = (then: (token: string) => void) => {
    next.current = then
    setVisible(true)
  }
  const popup = (
    <CaptchaPopup
      visible={visible}
      onClose={() => {
        next.current = null
        setVisible(false)
      }}
      onPass={(token) => {
        const then = next.current
        next.current = null
        setVisible(false)
        then?.(token)
      }}
    />
  )
  return { ask, popup }
}
