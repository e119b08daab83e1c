import type { Article } from '@ess/contract/wire'
import { formatDate } from '@/core/display/time'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { ArticleBody } from '@/components/articles'
import { EmptyState } from '@/components/empty-state'
import '@/components/articles/index.scss'
import { PageFrame } from '@/components/page-frame'
import { loadArticle } from '@/core/cms/news'
import { relaunchHome } from '@/core/navigation'
import { useI18n } from '@/i18n'

/** One article (query `id`): title, source and date, and its body; a missing one says so. */
export default function NewsDetailPage() {
  const { t, locale } = useI18n()
  const id = useRouter().params.id ?? ''
  const [article, setArticle] = useState<Article | 'missing' | null>(null)
  useEffect(() => void loadArticle(id).then((value) => setArticle(value ?? 'missing')), [id, locale])
  return (
    <PageFrame route="packages/news/newsDetail">
      {article === 'missing' && (
        <EmptyState
          testId="article-missing"
          description={t.cms.articleMissing}
          actions={
            <Button type="primary" shape="round" size="small" onClick={() => void relaunchHome()}>
              {t.cms.backHome}
            </Button>
          }
        />
      )}
      {article && article !== 'missing' && (
        <View className="article" data-testid="article">
          <Text className="article__title" data-testid="article-title">
            {article.title}
          </Text>
          <Text className="article__meta">
            {t.cms.source}: {article.source} · {formatDate(article.publishedAt)}
          </Text>
          <ArticleBody blocks={article.blocks} />
        </View>
      )}
    </PageFrame>
  )
}
