import { CONSOLE_CSRF_HEADER } from '@ess/contract/console/access'
import type { Locale } from '@ess/contract/wire'
import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './schema'

/** A refusal of the gateway: its stable errorCode, the message in the console's language, the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly status: number,
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** What the client sends with every call, kept by the auth and i18n providers. */
export const session = {
  csrfToken: null as string | null,
  locale: 'zh-CN' as Locale,
  /** Told when a call answers 401: the session has ended. */
  onUnauthorized: (() => {}) as () => void,
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The language of the answer's messages, and on every state-changing call the session's CSRF
 * token; the cookie itself travels by the browser (same origin). A 401 ends the session here too.
 */
const consoleMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('accept-language', session.locale)
    if (CHANGES.has(request.method) && session.csrfToken) request.headers.set(CONSOLE_CSRF_HEADER, session.csrfToken)
    return request
  },
  onResponse({ response, request }) {
    if (response.status === 401 && !request.url.includes('/app/console/auth/')) session.onUnauthorized()
    return response
  },
}

/** The gateway's API, typed from its OpenAPI (src/api/schema.d.ts, `npm run api:check -- --write`). */
export const api = createClient<paths>({
  // The page's own origin (the paths carry their /app prefix); fetch looked up per call, not kept.
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'same-origin',
  fetch: (request) => globalThis.fetch(request),
})
api.use(consoleMiddleware)

type Envelope<T> = { data: { data: T } }
type ErrorBody = { errorCode?: string; msg?: string; fields?: { field: string; message: string }[] }

/**
 * The payload of an answer (`data.data` of the envelope), or its refusal as an ApiError. A network
 * failure becomes an ApiError with errorCode `NETWORK` and the message given.
 */
export async function unwrap<T>(
  call: Promise<{ data?: Envelope<T>; error?: unknown; response: Response }>,
  networkMessage = 'Network error',
): Promise<T> {
  let result: { data?: Envelope<T>; error?: unknown; response: Response }
  try {
    result = await call
  } catch {
    throw new ApiError('NETWORK', networkMessage, 0)
  }
  if (result.data !== undefined && result.response.ok) return result.data.data.data
  const body = (result.error ?? {}) as ErrorBody
  throw new ApiError(body.errorCode ?? `HTTP_${result.response.status}`, body.msg ?? result.response.statusText, result.response.status, body.fields ?? [])
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.errorCode === code)
