import type { AssistantAnswer, AssistantQuestionRef } from '@ess/contract/wire'
import { create } from 'zustand'
import { askAssistant } from './index'

/** One bubble of the conversation. */
export type ChatMessage =
  | { id: number; from: 'user'; text: string }
  | { id: number; from: 'assistant'; kind: 'answer'; answer: AssistantAnswer }
  | { id: number; from: 'assistant'; kind: 'human'; hotline: string }
  | { id: number; from: 'assistant'; kind: 'failed' }

interface ChatState {
  messages: ChatMessage[]
  /** A question waits for its answer (one at a time). */
  pending: boolean
}

let nextId = 1

/**
 * The conversation of the AI customer-service page: the user's questions and the assistant's
 * answers, in order; one question at a time; a failed call leaves a "could not send" bubble.
 */
export const chatStore = create<ChatState>(() => ({ messages: [], pending: false }))

type NewMessage = ChatMessage extends infer M ? (M extends ChatMessage ? Omit<M, 'id'> : never) : never

const push = (message: NewMessage) =>
  chatStore.setState((s) => ({ messages: [...s.messages, { ...message, id: nextId++ } as ChatMessage] }))

/** Asks a question (trimmed; ignored when empty or while another waits). Resolves whether it was sent. */
export async function sendQuestion(text: string): Promise<boolean> {
  const question = text.trim()
  if (!question || chatStore.getState().pending) return false
  push({ from: 'user', text: question })
  chatStore.setState({ pending: true })
  try {
    const answer = await askAssistant(question)
    push({ from: 'assistant', kind: 'answer', answer })
  } catch (error) {
    console.warn('[assistant] question failed', error)
    push({ from: 'assistant', kind: 'failed' })
  } finally {
    chatStore.setState({ pending: false })
  }
  return true
}

/** A suggested or related question, asked by its title. */
export const askSuggested = (question: AssistantQuestionRef) => sendQuestion(question.title)

/** "Talk to a person": the hotline, as the assistant's bubble. */
export function offerHuman(hotline: string): void {
  push({ from: 'assistant', kind: 'human', hotline })
}

/** A new page starts a new conversation. */
export function resetChat(): void {
  chatStore.setState({ messages: [], pending: false })
}
