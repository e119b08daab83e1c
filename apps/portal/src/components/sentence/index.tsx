import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { splitSentence } from '../../i18n/types'

/**
 * A sentence of the dictionary with `{link}` rendered as `children`, as one run of inline text
 * (the spaces around the link are the sentence's own, so a flex container must not hold the parts).
 */
export function LinkedSentence({ template, className, children }: { template: string; className?: string; children: ReactNode }) {
  const [before, after] = splitSentence(template, '{link}')
  return (
    <View className={className}>
      {before && <Text>{before}</Text>}
      {children}
      {after && <Text>{after}</Text>}
    </View>
  )
}
