import {
  ACCOUNT_ABNORMAL_ERROR,
  HEADERS,
  HTTP_STATUS_DEFAULT_TEXT,
  HTTP_TIMEOUT_MS,
  NETWORK_ABNORMAL_TEXT,
  NETWORK_REQUEST_ERROR_TEXT,
  PRIVACY_REAGREE_ERROR,
  SESSION_INVALID_ERROR,
  type ErrorCode,
  UNSIGNED_PAYLOAD,
  buildQuery,
  callUrl,
  httpStatusText,
  isSuccessEnvelope,
  wire,
  type FieldIssue,
  type Wire,
  type WireInput,
  type WireResult,
} from '@ess/contract/wire'
import { getDictionary, getLocale } from '../../i18n/store'
import { TransportError, type TransportResponse, type UploadFile } from '../../platform/types'
import { showAccountAbnormal, showAgreementsPrompt } from '../agreements'
import { reportError } from '../monitor'
import { platform } from '../platform'
import { consentAllows } from '../auth/consent'
import { getRefreshToken, getToken, handleSessionExpired, storeTokens } from '../session'
import { toast } from '../toast'
import { RequestError } from './errors'
import { buildHeaders } from './headers'

export { RequestError } from './errors'

/** Options of every call (SPEC §7). */
export interface RequestOptions {
  /** Reject with a RequestError on failure (default false: resolve undefined). */
  needThrowErr?: boolean
  /** Toast the error message (default true). */
  needShowToast?: boolean
  /**
   * Refusals (errorCode) the caller handles itself, e.g. by retrying: neither toasted nor reported
   * to error monitoring (they still reject when `needThrowErr` is set).
   */
  handledErrorCodes?: readonly string[]
}

const SESSION_INVALID = SESSION_INVALID_ERROR.code
const SESSION_ENDED: ErrorCode = 'SESSION_ENDED'
const PRIVACY_REAGREE = PRIVACY_REAGREE_ERROR.code
const ACCOUNT_ABNORMAL = ACCOUNT_ABNORMAL_ERROR.code
const ACCOUNT_DISABLED: ErrorCode = 'ACCOUNT_DISABLED'

interface CallContext {
  method: string
  path: string
  traceId: string
}

interface EnvelopeLike {
  code: number
  msg?: unknown
  errorMsg?: unknown
  errorCode?: unknown
  fields?: FieldIssue[]
  retryAfter?: unknown
}

function isEnvelopeLike(body: unknown): body is EnvelopeLike {
  return !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number'
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined)

/** Turns an answer into the inner data, or a RequestError. */
export function unwrap<T>(res: TransportResponse, ctx: CallContext): T {
  const locale = getLocale()
  const body = res.data
  if (isSuccessEnvelope<T>(body)) return body.data.data
  if (isEnvelopeLike(body)) {
    throw new RequestError({
      kind: 'envelope',
      code: body.code,
      status: res.status,
      errorCode: nonEmpty(body.errorCode),
      fields: Array.isArray(body.fields) ? body.fields : undefined,
      retryAfterS: typeof body.retryAfter === 'number' && body.retryAfter > 0 ? body.retryAfter : undefined,
      // SPEC §8 fallback chain: errorMsg, then msg, then "network request error".
      message: nonEmpty(body.errorMsg) ?? nonEmpty(body.msg) ?? NETWORK_REQUEST_ERROR_TEXT[locale],
      traceId: ctx.traceId,
    })
  }
  const ok = res.status >= 200 && res.status < 300
  throw new RequestError({
    kind: 'http',
    code: res.status,
    status: res.status,
    message: ok ? HTTP_STATUS_DEFAULT_TEXT[locale] : httpStatusText(res.status, locale),
    traceId: ctx.traceId,
  })
}

function transportFailure(error: unknown, ctx: CallContext): RequestError {
  const kind = error instanceof TransportError ? error.kind : 'network'
  return new RequestError({ kind, code: 0, message: NETWORK_ABNORMAL_TEXT[getLocale()], traceId: ctx.traceId })
}

/** The error catalogue's client side (SPEC §8). */
function handleFailure(error: RequestError, options: RequestOptions, ctx: CallContext): undefined {
  const { needThrowErr = false, needShowToast = true, handledErrorCodes = [] } = options
  if (error.errorCode && handledErrorCodes.includes(error.errorCode)) {
    if (needThrowErr) throw error
    return undefined
  }
  const sessionInvalid = error.code === SESSION_INVALID
  const reAgree = error.kind === 'envelope' && error.code === PRIVACY_REAGREE

  if (error.kind === 'consent') {
    if (needShowToast) toast(error.message)
    if (needThrowErr) throw error
    return undefined
  }

  if (!sessionInvalid && !reAgree) {
    reportError({
      type: error.kind === 'timeout' ? 'network' : error.kind,
      code: error.code,
      errorCode: error.errorCode,
      message: error.message,
      method: ctx.method,
      path: ctx.path,
      traceId: ctx.traceId,
    })
  }

  if (sessionInvalid) handleSessionExpired(error.errorCode === SESSION_ENDED ? 'ended' : null)
  else if (reAgree) void showAgreementsPrompt()
  else if (error.kind === 'envelope' && error.code === ACCOUNT_ABNORMAL) {
    // A disabled account (ACCOUNT_DISABLED, issue 34): the gateway ended this device's session with
    // it, so once the dialog is read the device is signed out here too and the login page says why.
    const endedHere = error.errorCode === ACCOUNT_DISABLED && !!getToken()
    void showAccountAbnormal().then(() => {
      if (endedHere) handleSessionExpired('disabled')
    })
  }
  else if (needShowToast) toast(error.message)

  if (needThrowErr) throw error
  return undefined
}

async function perform<T>(
  ctx: CallContext,
  send: () => Promise<TransportResponse>,
  options: RequestOptions,
): Promise<T | undefined> {
  let res: TransportResponse
  try {
    res = await send()
  } catch (error) {
    return handleFailure(transportFailure(error, ctx), options, ctx)
  }
  try {
    return unwrap<T>(res, ctx)
  } catch (error) {
    return handleFailure(error as RequestError, options, ctx)
  }
}

function sendCall<C extends Wire>(call: C, input: WireInput<C> | undefined): { ctx: CallContext; answer: Promise<TransportResponse> } {
  const p = platform()
  const method = call.method
  const path = callUrl(call)
  const hasBody = method === 'POST' || method === 'PUT'
  // A POST of query parameters only (e.g. SSO ssoLogin) sends them in the query, and an empty body.
  const inQuery = call.input === 'query'
  const query = inQuery ? buildQuery(input as Record<string, unknown> | undefined) : ''
  const body = hasBody ? JSON.stringify(inQuery ? {} : (input ?? {})) : undefined
  const headers = buildHeaders({ method, path, query, body })
  if (hasBody) headers['content-type'] = 'application/json'
  const ctx: CallContext = { method, path, traceId: headers[HEADERS.traceId] }
  const url = `${p.apiBase}${path}${query ? `?${query}` : ''}`
  return { ctx, answer: p.transport.request({ url, method, headers, body, timeoutMs: HTTP_TIMEOUT_MS }) }
}

/** One try of a call: its inner data, or a RequestError (nothing shown, nothing reported). */
async function attempt<C extends Wire>(call: C, input: WireInput<C> | undefined): Promise<{ ctx: CallContext; result: WireResult<C> }> {
  const { ctx, answer } = sendCall(call, input)
  let res: TransportResponse
  try {
    res = await answer
  } catch (error) {
    throw Object.assign(transportFailure(error, ctx), { ctx })
  }
  try {
    return { ctx, result: unwrap<WireResult<C>>(res, ctx) }
  } catch (error) {
    throw Object.assign(error as RequestError, { ctx })
  }
}

let refreshing: Promise<boolean> | null = null

/**
 * Trades the stored refresh token for a new token pair (`login/refreshToken`, rotated). Concurrent
 * 401s share one refresh. Resolves false when there is no refresh token or it was refused.
 */
export function refreshSession(): Promise<boolean> {
  const token = getRefreshToken()
  if (!token) return Promise.resolve(false)
  refreshing ??= attempt(wire.refreshToken, { refreshToken: token })
    .then(({ result }) => {
      storeTokens(result)
      return true
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null
    })
  return refreshing
}

const isSessionInvalid = (error: unknown) => error instanceof RequestError && error.code === SESSION_INVALID

/**
 * Makes a call of the contract and returns its inner data, typed by the call definition:
 * `request(wire.dictList, { type: 'gender' })`. GET/DELETE send the input as the query,
 * POST/PUT as a JSON body. Resolves undefined on failure unless `needThrowErr` is set.
 *
 * Before the privacy consent only the public reference reads go out (core/auth/consent). A 401
 * on a call made with a token is retried once after refreshing the token pair (or at once with
 * the newer token another call got meanwhile); when that fails the session has expired (SPEC §8).
 * A 401 on a call whose session was ended meanwhile (logout) just fails quietly.
 */
export function request<C extends Wire>(
  call: C,
  input: WireInput<C>,
  options: RequestOptions & { needThrowErr: true },
): Promise<WireResult<C>>
export function request<C extends Wire>(call: C, input?: WireInput<C>, options?: RequestOptions): Promise<WireResult<C> | undefined>
export async function request<C extends Wire>(
  call: C,
  input?: WireInput<C>,
  options: RequestOptions = {},
): Promise<WireResult<C> | undefined> {
  if (!consentAllows(call)) {
    const ctx: CallContext = { method: call.method, path: callUrl(call), traceId: '' }
    return handleFailure(
      new RequestError({ kind: 'consent', code: 0, message: getDictionary().consent.required, traceId: '' }),
      options,
      ctx,
    )
  }
  const sentToken = getToken()
  try {
    return (await attempt(call, input)).result
  } catch (first) {
    // Not a refusal nor a transport failure of the call (those carry its context): a fault of the
    // client itself, thrown as it is rather than shown as a refusal.
    if (!(first as { ctx?: CallContext }).ctx) throw first
    let error = first as RequestError & { ctx: CallContext }
    if (isSessionInvalid(error) && sentToken && call.path !== wire.refreshToken.path) {
      // The session may have changed while the call was out: a newer token is tried as is; one
      // ended meanwhile (a logout) makes the 401 its own doing, not an expiry to send anyone to
      // login for.
      const refreshed = getToken() === sentToken && (await refreshSession())
      const current = getToken()
      if (!current) {
        if (options.needThrowErr) throw error
        return undefined
      }
      if (refreshed || current !== sentToken) {
        try {
          return (await attempt(call, input)).result
        } catch (second) {
          error = second as RequestError & { ctx: CallContext }
        }
      }
    }
    return handleFailure(error, options, error.ctx)
  }
}

/** Test helper. */
export function resetRefreshState(): void {
  refreshing = null
}

/**
 * multipart/form-data upload to a path under the `/app` prefix (e.g. `/user/api/...`). The body is
 * signed as UNSIGNED-PAYLOAD; the form fields travel in the multipart body.
 */
export function upload<T>(
  appPath: string,
  file: UploadFile,
  formData?: Record<string, string>,
  options: RequestOptions = {},
): Promise<T | undefined> {
  const p = platform()
  const path = callUrl({ path: appPath })
  if (!consentAllows({ path: appPath })) {
    const refused = new RequestError({ kind: 'consent', code: 0, message: getDictionary().consent.required, traceId: '' })
    return Promise.resolve(handleFailure(refused, options, { method: 'POST', path, traceId: '' }))
  }
  const headers = buildHeaders({ method: 'POST', path, query: '', body: UNSIGNED_PAYLOAD })
  const ctx: CallContext = { method: 'POST', path, traceId: headers[HEADERS.traceId] }
  return perform<T>(
    ctx,
    () => p.transport.upload({ url: `${p.apiBase}${path}`, headers, file, formData, timeoutMs: HTTP_TIMEOUT_MS }),
    options,
  )
}
