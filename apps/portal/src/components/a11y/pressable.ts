/**
 * A Taro view used as a control: its role, a place in the keyboard's tab order, and activation by
 * the keys a native control answers (Enter; and Space, except for links). Spread the result on the
 * view: `<View {...pressable(open, 'link')} aria-label=…>`. On the web the view is a `<div>`
 * that gets `tabindex` and a `keydown` listener; in the mini-program
 * the view has no keyboard and only the role reaches the screen reader.
 */
export type PressRole = 'button' | 'link' | 'radio' | 'switch' | 'checkbox' | 'tab' | 'option'

export interface KeyLike {
  key?: string
  target?: unknown
  currentTarget?: unknown
  preventDefault?: () => void
}

export interface PressableProps {
  role: PressRole
  tabIndex?: number
  onClick?: () => void
  onKeyDown?: (event: KeyLike) => void
}

/** Whether a key press activates a control of this role (the keys native controls answer). */
export function activates(key: string | undefined, role: PressRole): boolean {
  if (key === 'Enter') return true
  return role !== 'link' && (key === ' ' || key === 'Spacebar')
}

/**
 * Props of a view that acts as a control. Without `onPress` (an inactive control) the role stays
 * but the view leaves the tab order.
 */
export function pressable(onPress: (() => void) | undefined, role: PressRole = 'button'): PressableProps {
  if (!onPress) return { role }
  return { role, tabIndex: 0, onClick: () => onPress(), onKeyDown: onActivationKey(role, () => onPress()) }
}

/**
 * A `keydown` handler that runs `act` for the keys that activate a control of this role, pressed
 * on the control itself: a key pressed on a control inside this one (a switch in a row) is that
 * control's.
 */
export function onActivationKey(role: PressRole, act: (event: KeyLike) => void): (event: KeyLike) => void {
  return (event) => {
    if (event.target !== undefined && event.currentTarget !== undefined && event.target !== event.currentTarget) return
    if (!activates(event.key, role)) return
    // Space would scroll the page; Enter on a link would do nothing else.
    event.preventDefault?.()
    act(event)
  }
}
