import { ROUTE_PATHS, type AssistantQuestionRef, type ServiceContacts } from '@ess/contract/wire'
import { Button } from '@/components/a11y/button'
import { ArrowRight, Phone, Service } from '@nutui/icons-react-taro'
import { Input, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { pressable } from '@/components/a11y/pressable'
import { PageFrame } from '@/components/page-frame'
import { loadAssistantSuggestions, startAssistant, type AssistantStart } from '@/core/assistant'
import { askSuggested, chatStore, offerHuman, resetChat, sendQuestion, type ChatMessage } from '@/core/assistant/chat'
import { requireLogin } from '@/core/auth/target'
import { loadServiceContacts } from '@/core/help/api'
import { openRoute } from '@/core/navigation'
import { platform } from '@/core/platform'
import { fill, useI18n } from '@/i18n'
import './world.scss'
import { useTexts } from '@/i18n/domain'
import { assistantTexts } from '@/i18n/assistant'

const ROUTE = 'packages/users/service/world'

/**
 * The AI customer service (SPEC §1): opened with `code` (a one-time code for the micro-assistant)
 * and/or `token` (its session) — the native app passes them, the service hub too. A code logs in
 * first; a visitor is sent to sign in. Then a chat: the assistant's answers from the help center
 * (with the article and related questions), suggested questions, and "talk to a person".
 */
export default function UsersServiceWorldPage() {
  const { locale } = useI18n()
  const a = useTexts(assistantTexts)
  const params = useRouter().params
  const [status, setStatus] = useState<AssistantStart | 'starting'>('starting')
  const [contacts, setContacts] = useState<ServiceContacts | null>(null)
  const [suggestions, setSuggestions] = useState<AssistantQuestionRef[]>([])
  const [draft, setDraft] = useState('')
  const messages = chatStore((s) => s.messages)
  const pending = chatStore((s) => s.pending)

  const start = useCallback(async () => {
    setStatus('starting')
    const loaded = (await loadServiceContacts()) ?? null
    setContacts(loaded)
    const started = await startAssistant({ code: params.code, token: params.token, apiUrl: loaded?.assistantApiUrl })
    if (started === 'signedOut') {
      requireLogin(ROUTE)
      return
    }
    setStatus(started)
  }, [params.code, params.token])

  useEffect(() => {
    resetChat()
    void start()
  }, [start])

  useEffect(() => {
    if (status !== 'ready') return
    loadAssistantSuggestions()
      .then((s) => setSuggestions(s.questions))
      .catch(() => setSuggestions([]))
  }, [status, locale])

  // The newest bubble in view.
  useEffect(() => {
    if (messages.length) Taro.pageScrollTo({ selector: '#assistant-end', duration: 200 }).catch(() => undefined)
  }, [messages.length, pending])

  const hotline = contacts?.hotline ?? ''
  const send = () => {
    const text = draft
    if (!text.trim() || pending) return
    setDraft('')
    void sendQuestion(text)
  }
  const human = () => offerHuman(hotline)

  return (
    <PageFrame route="packages/users/service/world" className="ai-page">
      {status === 'starting' && (
        <View className="ai-state" data-testid="assistant-starting" role="status">
          <Text>{a.starting}</Text>
        </View>
      )}
      {(status === 'failed' || status === 'abnormal') && (
        <View className="ai-state" data-testid="assistant-unavailable" role="alert">
          <View className="ai-state__icon" aria-hidden="true">
            <Service size={32} />
          </View>
          <Text className="ai-state__text">{status === 'abnormal' ? a.abnormal : a.startFailed}</Text>
          <View className="ai-state__actions">
            {status === 'failed' && (
              <Button size="small" fill="outline" type="primary" onClick={() => void start()} data-testid="assistant-retry">
                {a.retry}
              </Button>
            )}
            {hotline && (
              <Button size="small" type="primary" onClick={() => platform().system.makePhoneCall(hotline)} data-testid="assistant-call">
                {a.callNow}
              </Button>
            )}
          </View>
        </View>
      )}
      {status === 'ready' && (
        <>
          <View className="ai-log" role="log" aria-label={a.messages} data-testid="assistant-chat">
            <AssistantRow>
              <Text className="ai-text">{a.intro}</Text>
              {suggestions.length > 0 && (
                <>
                  <Text className="ai-caption">{a.suggested}</Text>
                  <Chips items={suggestions} testId="assistant-suggestion" disabled={pending} />
                </>
              )}
            </AssistantRow>
            {messages.map((m) => (
              <Message key={m.id} message={m} onHuman={human} pending={pending} hours={contacts?.hours ?? null} />
            ))}
            {pending && (
              <AssistantRow>
                <Text className="ai-text ai-text--muted" data-testid="assistant-thinking">
                  {a.thinking}
                </Text>
              </AssistantRow>
            )}
            <View id="assistant-end" className="ai-log__end" />
          </View>
          <View className="ai-bar">
            <View className="ai-bar__human" {...pressable(human)} data-testid="assistant-human">
              <Phone size={14} />
              <Text>{a.human}</Text>
            </View>
            <View className="ai-bar__row">
              <Input
                className="ai-bar__input"
                value={draft}
                placeholder={a.inputPlaceholder}
                aria-label={a.inputLabel}
                confirmType="send"
                maxlength={200}
                data-testid="assistant-input"
                onInput={(e) => setDraft(e.detail.value)}
                onConfirm={send}
              />
              <Button className="ai-bar__send" type="primary" size="small" onClick={send} data-testid="assistant-send">
                {a.send}
              </Button>
            </View>
          </View>
        </>
      )}
    </PageFrame>
  )
}

function AssistantRow({ children, testId }: { children: React.ReactNode; testId?: string }) {
  const ast = useTexts(assistantTexts)
  return (
    <View className="ai-row ai-row--assistant" data-testid={testId}>
      <View className="ai-avatar" aria-hidden="true">
        <Service size={18} />
      </View>
      <View className="ai-bubble ai-bubble--assistant">
        <Text className="ai-sr">{ast.name}: </Text>
        {children}
      </View>
    </View>
  )
}

function Chips({ items, testId, disabled }: { items: AssistantQuestionRef[]; testId: string; disabled: boolean }) {
  return (
    <View className="ai-chips">
      {items.map((q) => (
        <View key={q.id} className="ai-chip" {...pressable(disabled ? undefined : () => void askSuggested(q))} aria-disabled={disabled} data-testid={testId}>
          <Text>{q.title}</Text>
        </View>
      ))}
    </View>
  )
}

function Message({ message, onHuman, pending, hours }: { message: ChatMessage; onHuman: () => void; pending: boolean; hours: string | null }) {
  const a = useTexts(assistantTexts)
  if (message.from === 'user')
    return (
      <View className="ai-row ai-row--user" data-testid="assistant-question">
        <View className="ai-bubble ai-bubble--user">
          <Text className="ai-sr">{a.you}: </Text>
          <Text className="ai-text">{message.text}</Text>
        </View>
      </View>
    )
  if (message.kind === 'failed')
    return (
      <AssistantRow testId="assistant-failed">
        <Text className="ai-text">{a.failed}</Text>
      </AssistantRow>
    )
  if (message.kind === 'human')
    return (
      <AssistantRow testId="assistant-human-card">
        <Text className="ai-text ai-text--strong">{fill(a.humanText, { phone: message.hotline })}</Text>
        {hours && <Text className="ai-text ai-text--muted">{fill(a.humanHours, { hours })}</Text>}
        <View className="ai-actions">
          <Button size="small" type="primary" icon={<Phone size={12} />} onClick={() => platform().system.makePhoneCall(message.hotline)} data-testid="assistant-call">
            {a.callNow}
          </Button>
        </View>
      </AssistantRow>
    )
  const { answer } = message
  return (
    <AssistantRow testId={answer.matched ? 'assistant-answer' : 'assistant-not-matched'}>
      {answer.matched ? (
        answer.answer.map((line, i) => (
          <Text key={i} className="ai-text ai-text--para">
            {line}
          </Text>
        ))
      ) : (
        <Text className="ai-text">{a.notMatched}</Text>
      )}
      {answer.article && (
        <View className="ai-link" {...pressable(() => void openRoute(ROUTE_PATHS.helpMore, { id: answer.article?.id ?? '' }), 'link')} data-testid="assistant-article">
          <Text>{a.readArticle}</Text>
          <ArrowRight size={10} />
        </View>
      )}
      {!answer.matched && (
        <View className="ai-actions">
          <Button size="small" type="primary" fill="outline" onClick={onHuman} data-testid="assistant-offer-human">
            {a.human}
          </Button>
        </View>
      )}
      {answer.related.length > 0 && (
        <>
          <Text className="ai-caption">{a.related}</Text>
          <Chips items={answer.related} testId="assistant-related" disabled={pending} />
        </>
      )}
    </AssistantRow>
  )
}
