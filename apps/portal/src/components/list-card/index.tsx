import { ArrowRight } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { pressable } from '../a11y/pressable'
import './index.scss'

/** A white card of rows (personal center, settings, choices). */
export function ListCard({ children, className }: { children: ReactNode; className?: string }) {
  return <View className={`list-card${className ? ` ${className}` : ''}`}>{children}</View>
}

export interface ListRowProps {
  title: ReactNode
  icon?: ReactNode
  /** Grey text on the right (current value). */
  extra?: ReactNode
  /** Right-hand end: an arrow (default), a custom node, or nothing. */
  end?: ReactNode | 'arrow' | null
  onClick?: () => void
  testId?: string
  role?: 'link' | 'button' | 'radio'
  checked?: boolean
  active?: boolean
}

/** One tappable row; the whole row is the click target (and carries the test id). */
export function ListRow({ title, icon, extra, end = 'arrow', onClick, testId, role = 'link', checked, active }: ListRowProps) {
  return (
    <View
      className={`list-row${active ? ' list-row--active' : ''}`}
      hoverClass="list-row--pressed"
      {...(onClick ? pressable(onClick, role) : { role })}
      data-testid={testId}
      aria-checked={role === 'radio' ? String(!!checked) : undefined}
    >
      {icon && <View className="list-row__icon">{icon}</View>}
      <Text className="list-row__title">{title}</Text>
      {extra !== undefined && extra !== null && <Text className="list-row__extra">{extra}</Text>}
      {end === 'arrow' ? <ArrowRight size={12} className="list-row__arrow" /> : end}
    </View>
  )
}
