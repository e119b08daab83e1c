import type { DeviceType, IdentityMethod } from '@ess/contract/wire'
import { Eye, Home, Internation, Mail, Phone, Phone2, Tips, User, Wallet, Weixin } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { Fragment, type ReactNode } from 'react'
import { ListRow } from '../list-card'
import '../real-name/index.scss'
import './index.scss'

/**
 * Pieces shared by the account security screens (packages/safety): the page head, an option row
 * with a hint, a section title, a labelled value, and the icons of identity methods and devices.
 */
export function SecurityHero({ icon, title, text, testId, danger }: { icon: ReactNode; title: string; text?: string; testId?: string; danger?: boolean }) {
  return (
    <View className={`rn-hero sec-hero${danger ? ' sec-hero--danger' : ''}`} data-testid={testId}>
      <View className="rn-hero__icon">{icon}</View>
      <Text className="rn-hero__title">{title}</Text>
      {text && <Text className="rn-hero__text">{text}</Text>}
    </View>
  )
}

export function OptionRow({
  icon,
  title,
  hint,
  onClick,
  testId,
  extra,
  end,
}: {
  icon: ReactNode
  title: string
  hint?: string
  onClick?: () => void
  testId?: string
  extra?: ReactNode
  end?: ReactNode | 'arrow' | null
}) {
  return (
    <ListRow
      testId={testId}
      icon={icon}
      extra={extra}
      end={end}
      title={
        <View className="rn-option sec-option">
          <Text>{title}</Text>
          {hint && <Text className="rn-option__hint">{hint}</Text>}
        </View>
      }
      onClick={onClick}
    />
  )
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <Text className="sec-section">{children}</Text>
}

/** A small grey sentence under a card or a form. */
export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <View className="sec-note" data-testid={testId}>
      <Text>{children}</Text>
    </View>
  )
}

export function MethodIcon({ method }: { method: IdentityMethod }) {
  switch (method) {
    case 'sms':
      return <Phone size={18} />
    case 'email':
      return <Mail size={18} />
    case 'password':
      return <Eye size={18} />
    case 'idNumber':
      return <User size={18} />
    default:
      return <Wallet size={18} />
  }
}

export function DeviceIcon({ type, size = 20 }: { type: DeviceType; size?: number }) {
  switch (type) {
    case 'mobile':
      return <Phone2 size={size} />
    case 'tablet':
      return <Phone size={size} />
    case 'desktop':
      return <Internation size={size} />
    case 'miniProgram':
      return <Weixin size={size} />
    case 'app':
      return <Home size={size} />
    default:
      return <Tips size={size} />
  }
}

/**
 * A line of parts joined by " · ", each part kept whole where it fits: at 375 px a line wraps
 * between parts, the dot ending the line ("最近 / 活跃", "本机或局域网 / · 127.0.0.*" were seen);
 * a part longer than the line still wraps inside itself (inline-block, not nowrap).
 */
export function DetailLine({ parts, className }: { parts: readonly string[]; className: string }) {
  const shown = parts.filter(Boolean)
  if (!shown.length) return null
  return (
    <Text className={className}>
      {shown.map((part, i) =>
        i < shown.length - 1 ? (
          <Fragment key={i}>
            <Text className="sec-part">{`${part} ·`}</Text>{' '}
          </Fragment>
        ) : (
          <Text key={i} className="sec-part">
            {part}
          </Text>
        ),
      )}
    </Text>
  )
}
