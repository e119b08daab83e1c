import type { InformationTree } from '@ess/contract/wire'
import { Text } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ArticleList } from '@/components/articles'
import { PageFrame } from '@/components/page-frame'
import { categoriesOf, loadInformationTree } from '@/core/cms/news'
import { useI18n } from '@/i18n'

/** The service guide (SPEC §1, §2): how-to articles of the guide category. */
export default function ServiceGuidePage() {
  const { t, locale } = useI18n()
  const [tree, setTree] = useState<InformationTree | null>(null)
  useEffect(() => void loadInformationTree().then((value) => value && setTree(value)), [locale])
  const guides = tree ? categoriesOf(tree, 'guide').flatMap((c) => c.articles) : []
  return (
    <PageFrame route="packages/news/service-guide/index">
      <Text className="news-intro">{t.cms.guideIntro}</Text>
      {tree && <ArticleList articles={guides} />}
    </PageFrame>
  )
}
