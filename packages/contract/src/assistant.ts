import { hmac } from '@noble/hashes/hmac'
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from '@noble/hashes/utils'
import { DEFAULT_CP_APP_ID, SIGNATURE_WINDOW_MS } from './constants'
import { utf8Bytes } from './signature'

/**
 * The micro-assistant (SPEC §1 AI customer service, §4 its login after a portal login, §7 its
 * login call): an outside system of the provider. The portal talks to it directly at the base URL
 * the gateway hands out with each grant code (`assistantApiUrl`; by default the gateway's own
 * sample at SAMPLE_ASSISTANT_API_PATH). Its answers use the envelope of the gateway.
 *
 * - `POST {base}/login` `{sessionId, source, code}` → `{token, key, expiresIn}`. `code` is a
 *   one-time grant code the portal gets from `auth/grantCode?authAppId=101` (SPEC: "a login code of
 *   type 101"); the micro-assistant redeems it with the server-to-server exchange as app 101.
 * - `GET {base}/suggestions` and `POST {base}/chat` `{question}` carry the session token in
 *   ASSISTANT_HEADERS.token, the client's time (ms) in ASSISTANT_HEADERS.timestamp and
 *   ASSISTANT_HEADERS.signature = assistantSignature(key, timestamp, body) (body "" for a GET).
 *   A timestamp more than ASSISTANT_SIGNATURE_WINDOW_MS from the assistant's clock is refused, and a
 *   signature is accepted once.
 *
 * What the key protects: a captured token alone cannot ask anything (each call needs the key, which
 * never travels again after the login answer), and a captured call cannot be replayed or altered.
 * It gives no confidentiality: only TLS does; whoever reads the client's storage has both.
 */

/** The app id of the micro-assistant among the provider's apps (the grant code's authAppId). */
export const ASSISTANT_AUTH_APP_ID = DEFAULT_CP_APP_ID
/** Where the gateway serves its sample micro-assistant (the default ASSISTANT_API_URL). */
export const SAMPLE_ASSISTANT_API_PATH = '/sample-assistant/api'
export const ASSISTANT_PATHS = { login: '/login', chat: '/chat', suggestions: '/suggestions' } as const
export const ASSISTANT_HEADERS = {
  token: 'x-assistant-token',
  timestamp: 'x-assistant-timestamp',
  signature: 'x-assistant-signature',
} as const
export const ASSISTANT_SIGNATURE_WINDOW_MS = SIGNATURE_WINDOW_MS
/** How long a micro-assistant session lives (s). */
export const ASSISTANT_SESSION_TTL_S = 2 * 3600
export const ASSISTANT_SOURCES = ['mp', 'h5'] as const
export type AssistantSource = (typeof ASSISTANT_SOURCES)[number]
/** The client's conversation id (the portal sends its device id). */
export const ASSISTANT_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
export const ASSISTANT_QUESTION_MAX = 200

/** The string a call signs: its timestamp, a line feed, then the exact body sent ("" for a GET). */
export const assistantSigningString = (timestamp: string, body: string) => `${timestamp}\n${body}`

/**
 * Hex HMAC-SHA256 of the signing string with the session's key: pure JS, and UTF-8 without
 * TextEncoder (the mini-program's logic layer has neither WebCrypto nor TextEncoder).
 */
export function assistantSignature(key: string, timestamp: string, body: string): string {
  return bytesToHex(hmac(sha256, utf8Bytes(key), utf8Bytes(assistantSigningString(timestamp, body))))
}

export interface AssistantLoginBody {
  sessionId: string
  source: AssistantSource
  code: string
}
export interface AssistantLogin {
  token: string
  key: string
  expiresIn: number
}
export interface AssistantQuestionRef {
  /** The help question's id: the help article at packages/users/help/more?id=<id>. */
  id: string
  title: string
}
export interface AssistantAnswer {
  /** False when nothing in the help center answers the question well enough. */
  matched: boolean
  /** The short answer, then the article's paragraphs and list items; empty when not matched. */
  answer: string[]
  /** The help article of the answer. */
  article: AssistantQuestionRef | null
  related: AssistantQuestionRef[]
  /** The hotline offered ("talk to a person"). */
  hotline: string
}
export interface AssistantSuggestions {
  questions: AssistantQuestionRef[]
  hotline: string
}
