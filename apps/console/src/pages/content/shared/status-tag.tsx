import { Tag } from 'antd'
import type { ReactNode } from 'react'

/**
 * A tag in one of a few tones whose text reaches WCAG AA (4.5:1) on its background: Ant Design's
 * preset colours (green-7 on green-1 and so on, about 3.3:1) do not.
 */
const TONES = {
  green: { color: '#166534', background: '#f0fdf4', borderColor: '#bbf7d0' },
  blue: { color: '#1e40af', background: '#eff6ff', borderColor: '#bfdbfe' },
  orange: { color: '#9a3412', background: '#fff7ed', borderColor: '#fed7aa' },
  red: { color: '#991b1b', background: '#fef2f2', borderColor: '#fecaca' },
  gray: { color: '#374151', background: '#f9fafb', borderColor: '#e5e7eb' },
} as const
export type Tone = keyof typeof TONES

export function StatusTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Tag style={TONES[tone]}>{children}</Tag>
}
