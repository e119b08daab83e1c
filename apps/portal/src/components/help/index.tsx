import { ROUTE_PATHS, type ArticleSummary } from '@ess/contract/wire'
import { ArrowRight } from '@nutui/icons-react-taro'
import { Button } from '../a11y/button'
import { Text, View } from '@tarojs/components'
import { type DependencyList, type ReactNode, useCallback, useEffect, useState } from 'react'
import { openRoute } from '../../core/navigation'
import { EmptyState } from '../empty-state'
import { fill } from '../../i18n'
import { pressable } from '../a11y/pressable'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { helpTexts } from '../../i18n/help'

/** Grey bars while a help or service page loads. */
export function HelpSkeleton({ lines = 6 }: { lines?: number }) {
  return (
    <View className="help-skeleton" data-testid="help-loading" aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        <View key={i} className="help-skeleton__line" />
      ))}
    </View>
  )
}

/** "Didn't find your answer? Contact us" at the end of the help pages: the customer-service hub. */
export function ContactServiceCard() {
  const hlp = useTexts(helpTexts)
  return (
    <View className="help-contact">
      <Text className="help-contact__text">{hlp.help.notSolved}</Text>
      <Button type="primary" size="small" shape="round" data-testid="contact-service" onClick={() => void openRoute(ROUTE_PATHS.customerService)}>
        {hlp.help.contactService}
      </Button>
    </View>
  )
}

/** The red count of unread notices (My account, settings); nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  const hlp = useTexts(helpTexts)
  if (!count) return null
  return (
    <Text className="notice-badge" data-testid="notice-badge" aria-label={fill(hlp.notices.unreadCount, { count })}>
      {count > 99 ? '99+' : count}
    </Text>
  )
}

/** A question of the help center: the question and its short answer; a tap opens the answer. */
export function QuestionRow({ question, sub }: { question: ArticleSummary; sub?: string }) {
  return (
    <View
      className="me-item help-q"
      hoverClass="list-row--pressed"
      {...pressable(() => void openRoute(ROUTE_PATHS.helpMore, { id: question.id }), 'link')}
      data-testid={`question-${question.id}`}
    >
      <View className="me-item__main">
        <Text className="me-item__title">{question.title}</Text>
        <Text className="me-item__sub">{sub ?? question.summary}</Text>
      </View>
      <ArrowRight size={12} className="list-row__arrow" />
    </View>
  )
}

/** A row with an icon, a title and a grey line under it (long English hints do not squeeze the title). */
export function InfoRow({ icon, title, hint, end, onClick, testId, role = 'link' }: { icon: ReactNode; title: string; hint: string; end?: ReactNode; onClick: () => void; testId: string; role?: 'link' | 'button' }) {
  return (
    <View className="list-row help-info" hoverClass="list-row--pressed" {...pressable(onClick, role)} data-testid={testId}>
      <View className="list-row__icon">{icon}</View>
      <View className="me-item__main">
        <Text className="me-item__title">{title}</Text>
        <Text className="me-item__sub">{hint}</Text>
      </View>
      {end ?? <ArrowRight size={12} className="list-row__arrow" />}
    </View>
  )
}

/** What a help or service page shows: null while loading, 'failed' when it could not be read. */
export type Loaded<T> = T | 'failed' | null

/** Runs a load when the page opens and when `deps` change (the language); answers the value and a retry. */
export function useLoaded<T>(load: () => Promise<T | undefined>, deps: DependencyList): [Loaded<T>, () => void] {
  const [value, setValue] = useState<Loaded<T>>(null)
  const run = useCallback(load, deps)
  const reload = useCallback(() => {
    setValue(null)
    void run().then((next) => setValue(next === undefined ? 'failed' : next))
  }, [run])
  useEffect(reload, [reload])
  return [value, reload]
}

/** The picture, a sentence and "try again" of a page whose content could not be read. */
export function LoadFailed({ description, onRetry, testId }: { description: string; onRetry: () => void; testId: string }) {
  const hlp = useTexts(helpTexts)
  return (
    <EmptyState
      testId={testId}
      description={description}
      actions={
        <Button type="primary" shape="round" size="small" onClick={onRetry}>
          {hlp.help.retry}
        </Button>
      }
    />
  )
}
