import type { HelpVote } from '@ess/contract/wire'
import { Comment, Fabulous } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { ArticleBody } from '@/components/articles'
import { pressable } from '@/components/a11y/pressable'
import '@/components/articles/index.scss'
import { EmptyState } from '@/components/empty-state'
import { ContactServiceCard, HelpSkeleton, QuestionRow, useLoaded } from '@/components/help'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { loadArticle } from '@/core/cms/news'
import { loadHelpCategories, loadHelpVote, sendHelpVote } from '@/core/help/api'
import { questionContext } from '@/core/help/search'
import { fill, useI18n } from '@/i18n'
import '@/components/me/index.scss'
import { useTexts } from '@/i18n/domain'
import { helpTexts } from '@/i18n/help'

/**
 * help/more serves both depths of the help center (README "Help center"):
 * `?category=<code>` — every question of a topic; `?id=<question>` — one answer, with
 * "was this helpful?" (kept on the server per user, or per device for a visitor, changeable) and
 * the other questions of its topic. The way to customer service ends each view once its content is
 * in (not under the skeleton, where the content would push it down: a layout shift).
 */
export default function UsersHelpMorePage() {
  const params = useRouter().params
  return (
    <PageFrame route="packages/users/help/more">
      {params.id ? <Answer id={params.id} /> : <Topic code={params.category ?? ''} />}
    </PageFrame>
  )
}

function useCategories() {
  const { locale } = useI18n()
  return useLoaded(loadHelpCategories, [locale])[0]
}

function Missing() {
  const hlp = useTexts(helpTexts)
  return (
    <>
      <EmptyState testId="help-missing" description={hlp.help.missing} />
      <ContactServiceCard />
    </>
  )
}

function Topic({ code }: { code: string }) {
  const hlp = useTexts(helpTexts)
  const categories = useCategories()
  if (categories === null) return <HelpSkeleton />
  const category = categories === 'failed' ? undefined : categories.find((c) => c.code === code)
  if (!category) return <Missing />
  return (
    <>
      <Text className="me-section" data-testid="topic-title">
        {category.name} · {fill(hlp.help.questionCount, { count: category.articles.length })}
      </Text>
      <ListCard>
        {category.articles.map((q) => (
          <QuestionRow key={q.id} question={q} />
        ))}
      </ListCard>
      <ContactServiceCard />
    </>
  )
}

function Answer({ id }: { id: string }) {
  const { locale } = useI18n()
  const h = useTexts(helpTexts).help
  const categories = useCategories()
  const [answer] = useLoaded(() => loadArticle(id), [id, locale])
  const [vote, setVote] = useState<HelpVote['helpful']>(null)
  const [saving, setSaving] = useState(false)
  useEffect(() => void loadHelpVote(id).then((value) => value && setVote(value.helpful)), [id])

  const context = Array.isArray(categories) ? questionContext(categories, id) : undefined
  if (answer === null || categories === null) return <HelpSkeleton />
  // An article that is not a help question (news, guide) is not answered here.
  if (answer === 'failed' || (Array.isArray(categories) && !context)) return <Missing />

  const cast = async (helpful: boolean) => {
    setSaving(true)
    const saved = await sendHelpVote(id, helpful)
    if (saved) setVote(saved.helpful)
    setSaving(false)
  }
  return (
    <>
      <View className="help-answer" data-testid="help-answer">
        <Text className="help-answer__title" data-testid="help-question">
          {answer.title}
        </Text>
        {context && <Text className="help-answer__category">{context.category.name}</Text>}
        <ArticleBody blocks={answer.blocks} />
      </View>
      <View className="help-vote" data-testid="help-vote">
        <Text className="help-vote__question">{h.wasHelpful}</Text>
        <View className="help-vote__buttons">
          {([true, false] as const).map((helpful) => (
            <View
              key={String(helpful)}
              className={`help-vote__button${vote === helpful ? ' help-vote__button--on' : ''}${saving ? ' help-vote__button--busy' : ''}`}
              {...pressable(() => !saving && void cast(helpful))}
              aria-pressed={vote === helpful ? 'true' : 'false'}
              aria-disabled={saving ? 'true' : 'false'}
              data-testid={helpful ? 'vote-helpful' : 'vote-not-helpful'}
            >
              {helpful ? <Fabulous size={14} /> : <Comment size={14} />}
              <Text>{helpful ? h.helpful : h.notHelpful}</Text>
            </View>
          ))}
        </View>
      </View>
      {context && context.others.length > 0 && (
        <>
          <Text className="me-section">{h.related}</Text>
          <ListCard>
            {context.others.map((q) => (
              <QuestionRow key={q.id} question={q} />
            ))}
          </ListCard>
        </>
      )}
      <ContactServiceCard />
    </>
  )
}
