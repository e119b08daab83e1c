import { z } from 'zod'
import { ASSISTANT_QUESTION_MAX, ASSISTANT_SESSION_ID_PATTERN } from './assistant'

/** The micro-assistant's payloads (./assistant) as zod schemas, for its routes and the OpenAPI. */
export const AssistantLoginBodySchema = z.object({
  sessionId: z.string().regex(ASSISTANT_SESSION_ID_PATTERN),
  /** Checked by the service (ASSISTANT_SOURCE_INVALID), not here, so the refusal says what is wrong. */
  source: z.string().max(16),
  /** Checked by the service (ASSISTANT_CODE_REQUIRED when empty). */
  code: z.string().max(128).optional(),
})
export const AssistantLoginSchema = z.object({ token: z.string(), key: z.string(), expiresIn: z.number().int() })
export const AssistantChatBodySchema = z.object({ question: z.string().trim().min(1).max(ASSISTANT_QUESTION_MAX) })
const QuestionRefSchema = z.object({ id: z.string(), title: z.string() })
export const AssistantAnswerSchema = z.object({
  matched: z.boolean(),
  answer: z.array(z.string()),
  article: QuestionRefSchema.nullable(),
  related: z.array(QuestionRefSchema),
  hotline: z.string(),
})
export const AssistantSuggestionsSchema = z.object({ questions: z.array(QuestionRefSchema), hotline: z.string() })
