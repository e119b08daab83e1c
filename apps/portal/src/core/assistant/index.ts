import {
  ACCOUNT_ABNORMAL_ERROR,
  ASSISTANT_AUTH_APP_ID,
  ASSISTANT_HEADERS,
  ASSISTANT_PATHS,
  HTTP_TIMEOUT_MS,
  type AssistantAnswer,
  type AssistantLogin,
  type AssistantSuggestions,
  assistantSignature,
  wire,
} from '@ess/contract/wire'
import { showAccountAbnormal } from '../agreements'
import { deviceAliasFor, rememberDeviceAlias } from '../device-alias'
import { RequestError, request, unwrap } from '../http/request'
import { TransportError } from '../../platform/types'
import { getLocale } from '../../i18n/store'
import { platform } from '../platform'
import { getToken } from '../session'
import { clientStorage } from '../storage'
import { assistantLoginDoneFor, assistantSession, forgetAssistantSession, keepAssistantSession, resetAssistantLoginMark } from './session'

export { assistantSession, forgetAssistantSession } from './session'

/**
 * The micro-assistant (SPEC §1 AI customer service, §4 its login after a portal login): an outside
 * system the portal talks to directly, at the base URL the gateway hands out with each grant code
 * and with the service contacts (`assistantApiUrl`; the gateway's sample by default). Its session
 * (token and signing key, SPEC §3) is kept in `microAssistantToken` / `microAssistantKey`.
 */

const API_URL_KEY = 'assistant-api-url'
let apiUrl: string | null = null
let inProgress: Promise<LoginOutcome> | null = null

export type LoginOutcome = 'ok' | 'abnormal' | 'refused'

/** Remembers where the micro-assistant is (for the tab's life). */
export function rememberAssistantApiUrl(url: string): void {
  apiUrl = url.replace(/\/+$/, '')
  platform().session.set(API_URL_KEY, apiUrl)
}

const knownApiUrl = () => (apiUrl ??= platform().session.get(API_URL_KEY))
const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${platform().apiBase}${url}`)

async function send<T>(method: 'GET' | 'POST', path: string, body: object | undefined, session: { token: string; key: string } | null): Promise<T> {
  const base = knownApiUrl()
  const url = `${base ?? ''}${path}`
  const traceId = ''
  if (!base) throw new RequestError({ kind: 'network', code: 0, message: 'the micro-assistant is not known yet', traceId })
  const text = body ? JSON.stringify(body) : undefined
  const timestamp = String(Date.now())
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': getLocale(),
    ...(text ? { 'content-type': 'application/json' } : {}),
    ...(session
      ? {
          [ASSISTANT_HEADERS.token]: session.token,
          [ASSISTANT_HEADERS.timestamp]: timestamp,
          [ASSISTANT_HEADERS.signature]: assistantSignature(session.key, timestamp, text ?? ''),
        }
      : {}),
  }
  let response
  try {
    response = await platform().transport.request({ url: absolute(url), method, headers, body: text, timeoutMs: HTTP_TIMEOUT_MS })
  } catch (error) {
    throw new RequestError({ kind: error instanceof TransportError ? error.kind : 'network', code: 0, message: String((error as Error)?.message ?? error), traceId })
  }
  return unwrap<T>(response, { method, path: url, traceId })
}

/**
 * Logs in to the micro-assistant with a one-time code: keeps its token and key. An abnormal
 * account (100400) shows the account-abnormal dialog (SPEC §8).
 */
export async function assistantLoginWithCode(code: string): Promise<LoginOutcome> {
  try {
    const source = platform().kind === 'weapp' ? 'mp' : 'h5'
    const login = await send<AssistantLogin>('POST', ASSISTANT_PATHS.login, { sessionId: deviceAliasFor(ASSISTANT_AUTH_APP_ID), source, code }, null)
    keepAssistantSession(login, getToken())
    return 'ok'
  } catch (error) {
    if (error instanceof RequestError && error.code === ACCOUNT_ABNORMAL_ERROR.code) {
      void showAccountAbnormal()
      return 'abnormal'
    }
    console.warn('[assistant] login refused', error)
    return 'refused'
  }
}

/** A one-time code of app 101 for the micro-assistant (and where it is); null when none came. */
async function grantCode(): Promise<string | null> {
  const grant = await request(wire.grantCode, { authAppId: ASSISTANT_AUTH_APP_ID }, { needShowToast: false })
  if (!grant?.code) {
    // SPEC §8: logged when the grant code is empty.
    console.warn('Failed to get one-time code')
    return null
  }
  rememberAssistantApiUrl(grant.assistantApiUrl)
  rememberDeviceAlias(ASSISTANT_AUTH_APP_ID, grant.deviceAlias)
  return grant.code
}

/**
 * The micro-assistant login after a portal login (SPEC §4): skipped when already done, in progress,
 * when a token already exists, or when there is no access token. Resolves whether it ran and how.
 */
export function assistantAfterLogin(): Promise<LoginOutcome | 'skipped'> {
  // In progress: no second login; the caller waits for the running one.
  if (inProgress) return inProgress
  if (assistantLoginDoneFor(getToken()) || clientStorage.get('microAssistantToken') || !getToken()) return Promise.resolve('skipped')
  inProgress = (async () => {
    const code = await grantCode()
    return code ? assistantLoginWithCode(code) : 'refused'
  })().finally(() => {
    inProgress = null
  })
  return inProgress
}

export type AssistantStart = 'ready' | 'signedOut' | 'abnormal' | 'failed'

/**
 * The AI customer-service page's start (SPEC §1: opened with `code` and `token`): a `code` logs in
 * with it; a `token` that is the stored session's is used as is; otherwise the stored session, or
 * a login with a fresh code when the user is signed in; a visitor is sent to sign in.
 */
export async function startAssistant(query: { code?: string; token?: string; apiUrl?: string }): Promise<AssistantStart> {
  if (query.apiUrl && !knownApiUrl()) rememberAssistantApiUrl(query.apiUrl)
  const stored = assistantSession()
  if (query.code) {
    const outcome = await assistantLoginWithCode(query.code)
    if (outcome === 'ok') return 'ready'
    if (outcome === 'abnormal') return 'abnormal'
  }
  if (stored && (!query.token || query.token === stored.token)) return 'ready'
  if (!getToken()) return 'signedOut'
  if (stored) forgetAssistantSession()
  const outcome = await assistantAfterLogin()
  if (outcome === 'ok' || (outcome === 'skipped' && assistantSession())) return 'ready'
  return outcome === 'abnormal' ? 'abnormal' : 'failed'
}

/**
 * A signed call of the session; an ended session (ASSISTANT_TOKEN_INVALID) is dropped, opened again
 * with a fresh code when the user is signed in, and the call retried once.
 */
async function signedCall<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const session = assistantSession()
  try {
    if (!session) throw new RequestError({ kind: 'envelope', code: 0, errorCode: 'ASSISTANT_TOKEN_INVALID', message: 'no session', traceId: '' })
    return await send<T>(method, path, body, session)
  } catch (error) {
    if (!(error instanceof RequestError) || error.errorCode !== 'ASSISTANT_TOKEN_INVALID') throw error
    forgetAssistantSession()
    if ((await assistantAfterLogin()) !== 'ok') throw error
    return send<T>(method, path, body, assistantSession())
  }
}

export const loadAssistantSuggestions = () => signedCall<AssistantSuggestions>('GET', ASSISTANT_PATHS.suggestions)

export const askAssistant = (question: string) => signedCall<AssistantAnswer>('POST', ASSISTANT_PATHS.chat, { question })

/**
 * How the customer-service hub opens the assistant page: with the stored session's token, or a
 * fresh code; null for a visitor (who signs in first) or when no code came.
 */
export async function assistantPageQuery(): Promise<{ token: string } | { code: string } | null> {
  const stored = assistantSession()
  if (stored && knownApiUrl()) return { token: stored.token }
  if (!getToken()) return null
  const code = await grantCode()
  return code ? { code } : null
}

/** Tests: forget what this module learnt. */
export function resetAssistantState(): void {
  apiUrl = null
  resetAssistantLoginMark()
  inProgress = null
}
