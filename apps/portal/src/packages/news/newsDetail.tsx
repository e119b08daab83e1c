import type { Article } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { ArticleBody } from '@/components/articles'
import '@/components/articles/index.scss'
import { PageFrame } from '@/components/page-frame'
import { loadArticle } from '@/core/cms/news'
import { useI18n } from '@/i18n'

/** One article (query `id`): title, source and date, and its body. */
export default function NewsDetailPage() {
  const { t, locale } = useI18n()
  const id = useRouter().params.id ?? ''
  const [article, setArticle] = useState<Article | null>(null)
  useEffect(() => void loadArticle(id).then((value) => value && setArticle(value)), [id, locale])
  return (
    <PageFrame route="packages/news/newsDetail">
      {article && (
        <View className="article" data-testid="article">
          <Text className="article__title" data-testid="article-title">
            {article.title}
          </Text>
          <Text className="article__meta">
            {t.cms.source}: {article.source} · {article.publishedAt.slice(0, 10)}
          </Text>
          <ArticleBody blocks={article.blocks} />
        </View>
      )}
    </PageFrame>
  )
}
