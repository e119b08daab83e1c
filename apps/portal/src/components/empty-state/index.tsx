import { Empty } from '@nutui/nutui-react-taro'
import { View } from '@tarojs/components'
import { Picture } from '../a11y/picture'
import type { ReactNode } from 'react'
import illustration from '../../assets/illustrations/preparing.png'
import './index.scss'

/**
 * A card with the app's own picture, a sentence and optional actions: a page with nothing to show.
 * (NutUI's Empty would otherwise load its default picture from a third-party server.)
 */
export function EmptyState({ title, description, actions, testId }: { title?: string; description: string; actions?: ReactNode; testId?: string }) {
  return (
    <View className="empty-state" data-testid={testId}>
      <Empty image={<Picture className="empty-state__image" src={illustration} mode="aspectFit" alt="" />} title={title} description={description} />
      {actions && <View className="empty-state__actions">{actions}</View>}
    </View>
  )
}
