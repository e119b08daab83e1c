import { ROUTE_PATHS } from '@ess/contract/wire'
import { MaskClose, Search } from '@nutui/icons-react-taro'
import { Input, Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { Picture } from '@/components/a11y/picture'
import { EmptyState } from '@/components/empty-state'
import { ContactServiceCard, HelpSkeleton, LoadFailed, QuestionRow, useLoaded } from '@/components/help'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { mediaUrl } from '@/core/cms/media'
import { loadHelpCategories } from '@/core/help/api'
import { searchHelp } from '@/core/help/search'
import { openRoute } from '@/core/navigation'
import { fill, useI18n } from '@/i18n'
import { pressable } from '@/components/a11y/pressable'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'

/**
 * The help center (SPEC §1, §2): a search over every question (client side, over the help
 * categories of the CMS information tree in the user's language), the topics (each opens its full
 * list in help/more), the first question of each topic, and the way to customer service.
 */
export default function UsersHelpPage() {
  const { t, locale } = useI18n()
  const h = useTexts(helpTexts).help
  const [categories, reload] = useLoaded(loadHelpCategories, [locale])
  const [query, setQuery] = useState('')
  const ready = Array.isArray(categories) ? categories : []
  const hits = useMemo(() => searchHelp(ready, query), [ready, query])
  const searching = query.trim() !== ''

  return (
    <PageFrame route="packages/users/help/index">
      <View className="help-hero">
        <Text className="help-hero__title">{h.greeting}</Text>
        <View className="help-search">
          <Search size={16} />
          <Input
            className="help-search__input"
            value={query}
            placeholder={h.searchPlaceholder}
            confirmType="search"
            aria-label={h.searchLabel}
            data-testid="help-search"
            onInput={(e) => setQuery(e.detail.value)}
          />
          {searching && (
            <View className="help-search__clear" {...pressable(() => setQuery(''))} aria-label={t.common.cancel}>
              <MaskClose size={14} />
            </View>
          )}
        </View>
      </View>
      {categories === null && <HelpSkeleton />}
      {categories === 'failed' && <LoadFailed testId="help-failed" description={h.loadFailed} onRetry={reload} />}
      {Array.isArray(categories) && searching && (
        <>
          <Text className="me-intro" data-testid="help-results">
            {fill(h.results, { count: hits.length })}
          </Text>
          {hits.length ? (
            <ListCard>
              {hits.map((hit) => (
                <QuestionRow key={hit.question.id} question={hit.question} sub={hit.category.name} />
              ))}
            </ListCard>
          ) : (
            <EmptyState testId="help-no-results" description={h.noResults} />
          )}
        </>
      )}
      {Array.isArray(categories) && !searching && (
        <>
          <Text className="me-section">{h.categories}</Text>
          <View className="help-topics">
            {categories.map((c) => (
              <View
                key={c.code}
                className="help-topic"
                hoverClass="list-row--pressed"
                {...pressable(() => void openRoute(ROUTE_PATHS.helpMore, { category: c.code }), 'link')}
                data-testid={`topic-${c.code}`}
              >
                {c.articles[0] && <Picture className="help-topic__icon" src={mediaUrl(c.articles[0].cover.url)} mode="aspectFit" alt="" />}
                <View className="help-topic__text">
                  <Text className="help-topic__name">{c.name}</Text>
                  <Text className="help-topic__count">{fill(h.questionCount, { count: c.articles.length })}</Text>
                </View>
              </View>
            ))}
          </View>
          <Text className="me-section">{h.popular}</Text>
          <ListCard>
            {categories
              .filter((c) => c.articles[0])
              .map((c) => (
                <QuestionRow key={c.code} question={c.articles[0]} />
              ))}
          </ListCard>
        </>
      )}
      {/* After the topics, once they are in: under the skeleton it would be pushed down (a layout shift). */}
      {categories !== null && <ContactServiceCard />}
    </PageFrame>
  )
}
