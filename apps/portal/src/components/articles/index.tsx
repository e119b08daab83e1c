import { ROUTE_PATHS, type ArticleBlock, type ArticleSummary } from '@ess/contract/wire'
import { formatDate } from '../../core/display/time'
import { Text, View } from '@tarojs/components'
import { Picture } from '../a11y/picture'
import { openRoute } from '../../core/navigation'
import { mediaUrl } from '../../core/cms/media'
import { pressable } from '../a11y/pressable'
import './index.scss'


/** A list of article summaries; a tap opens the article. */
export function ArticleList({ articles }: { articles: readonly ArticleSummary[] }) {
  return (
    <View className="article-list">
      {articles.map((a) => (
        <View key={a.id} className="article-list__item" {...pressable(() => void openRoute(ROUTE_PATHS.newsDetail, { id: a.id }), 'link')} data-testid={`article-${a.id}`}>
          <View className="article-list__text">
            <Text className="article-list__title">{a.title}</Text>
            <Text className="article-list__summary">{a.summary}</Text>
            <Text className="article-list__meta">
              {a.source} · {formatDate(a.publishedAt)}
            </Text>
          </View>
          <Picture className="article-list__cover" src={mediaUrl(a.cover.url)} mode="aspectFill" alt="" />
        </View>
      ))}
    </View>
  )
}

/** An article body: typed blocks rendered as components (no HTML from the content). */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <View className="article-body" data-testid="article-body">
      {blocks.map((b, i) => {
        switch (b.type) {
          case 'heading':
            return (
              <Text key={i} className="article-body__heading">
                {b.text}
              </Text>
            )
          case 'paragraph':
            return (
              <Text key={i} className="article-body__p">
                {b.text}
              </Text>
            )
          case 'list':
            return (
              <View key={i} className="article-body__list">
                {b.items.map((item, j) => (
                  <View key={j} className="article-body__li">
                    <Text className="article-body__dot">•</Text>
                    <Text>{item}</Text>
                  </View>
                ))}
              </View>
            )
          case 'image':
            return (
              <View key={i} className="article-body__figure" style={{ paddingTop: `${(b.image.height / b.image.width) * 100}%` }}>
                <Picture className="article-body__img" src={mediaUrl(b.image.url)} mode="aspectFill" alt={b.caption ?? ''} />
              </View>
            )
          default:
            return null
        }
      })}
    </View>
  )
}
