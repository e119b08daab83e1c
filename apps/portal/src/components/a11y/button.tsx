import { Button as NutButton, type ButtonProps } from '@nutui/nutui-react-taro'
import { onActivationKey } from './pressable'

type Props = Partial<ButtonProps> & { 'data-testid'?: string }

/**
 * NutUI's Button as a control a keyboard reaches and a screen reader names: on the web it renders a
 * `<div>` (Taro's Button), which has no role, no place in the tab order and no key handling of its
 * own. Here it gets the button role, the tab order (left while disabled or busy, then also said by
 * `aria-disabled` / `aria-busy`) and Enter and Space, which click it, so NutUI's own click handling
 * (nothing while disabled or loading) decides as for a tap. In the mini-program only the role counts.
 */
export function Button({ disabled, loading, ...props }: Props) {
  const inactive = Boolean(disabled || loading)
  // NutUI passes the props it does not know to Taro's Button, which puts them on its element.
  const access = {
    role: 'button',
    tabIndex: inactive ? -1 : 0,
    'aria-disabled': inactive || undefined,
    'aria-busy': loading || undefined,
    // A click, so that NutUI's own handling decides (nothing while disabled or loading).
    onKeyDown: onActivationKey('button', (event) => (event.currentTarget as { click?: () => void } | undefined)?.click?.()),
  } as Partial<ButtonProps>
  return <NutButton {...access} {...props} disabled={disabled} loading={loading} />
}
