import type { InformationTree } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { ArticleList } from '@/components/articles'
import { PageFrame } from '@/components/page-frame'
import { PreparingState } from '@/components/preparing-state'
import { categoriesOf, loadInformationTree } from '@/core/cms/news'
import { useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'

/** News (SPEC §2, query `newscode`): the news categories as tabs, the chosen one's articles. */
export default function NewsPage() {
  const { locale } = useI18n()
  const wanted = useRouter().params.newscode
  const [tree, setTree] = useState<InformationTree | null>(null)
  const [active, setActive] = useState<string | undefined>(wanted)
  useEffect(() => void loadInformationTree().then((value) => value && setTree(value)), [locale])
  const categories = tree ? categoriesOf(tree, 'news') : []
  const current = categories.find((c) => c.code === active) ?? categories[0]
  return (
    <PageFrame route="packages/news/index">
      {tree && (
        <>
          <View className="news-tabs" role="tablist">
            {categories.map((c) => (
              <View
                key={c.code}
                {...pressable(() => setActive(c.code), 'tab')}
                aria-selected={String(c === current)}
                data-testid={`news-tab-${c.code}`}
                className={`news-tabs__tab${c === current ? ' news-tabs__tab--active' : ''}`}
              >
                <Text>{c.name}</Text>
              </View>
            ))}
          </View>
          {current && current.articles.length > 0 ? <ArticleList articles={current.articles} /> : <PreparingState />}
        </>
      )}
    </PageFrame>
  )
}
