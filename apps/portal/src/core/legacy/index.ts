import { QUICK_LOGIN_OLD_SESSION_RETRIES, wire } from '@ess/contract/wire'
import { deviceAliasFor, rememberDeviceAlias } from '../device-alias'
import { request } from '../http/request'
import { platform } from '../platform'
import { getToken } from '../session'
import { clientStorage } from '../storage'
import { LEGACY_AUTH_APP_ID } from '../links/jump'

/** The header the older user center reads its session from. */
const TOKEN_HEADER = 'ouc-token'
const TIMEOUT_MS = 10_000

/** A refusal of the older user center (its message, or why the old session could not be had). */
export class LegacyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LegacyError'
  }
}

type Answer = { success?: unknown; resultCode?: unknown; resultData?: unknown; obj?: unknown; msg?: unknown; errorCode?: unknown }

/** SPEC §8: a body msg or errorCode of 401 means the old session ended. */
const sessionEnded = (answer: Answer, status: number) => status === 401 || String(answer.msg) === '401' || String(answer.errorCode) === '401'
/** SPEC §8: success true or resultCode '1'; the data is resultData or obj. */
const succeeded = (answer: Answer) => answer.success === true || answer.resultCode === '1'

/** Where the older user center's API is (the gateway says so with each grant code); kept for the tab's life. */
const API_URL_KEY = 'ouc-api-url'
let apiUrl: string | null = null
const knownApiUrl = () => (apiUrl ??= platform().session.get(API_URL_KEY))
let signingIn: Promise<string | null> | null = null

const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${platform().apiBase}${url}`)

/**
 * Opens a session of the older user center for the signed-in user (POST doCiamLogin with a
 * one-time code of ours for app `ouc`) and keeps its token (ouc-token, SPEC §3). One at a time;
 * null when nobody is signed in here or the old center refused.
 */
export function legacySignIn(): Promise<string | null> {
  signingIn ??= (async () => {
    if (!getToken()) return null
    const grant = await request(wire.grantCode, { authAppId: LEGACY_AUTH_APP_ID }, { needShowToast: false })
    if (!grant?.code) return null
    apiUrl = grant.legacyApiUrl
    platform().session.set(API_URL_KEY, apiUrl)
    rememberDeviceAlias(LEGACY_AUTH_APP_ID, grant.deviceAlias)
    const answer = await send('POST', '/doCiamLogin', { code: grant.code }, null).catch(() => null)
    const token = answer && succeeded(answer.body) ? String(((answer.body.resultData ?? answer.body.obj) as { token?: unknown } | null)?.token ?? '') : ''
    if (!token) return null
    clientStorage.set('oucToken', token)
    return token
  })().finally(() => {
    signingIn = null
  })
  return signingIn
}

async function send(method: 'GET' | 'POST', path: string, body: object | undefined, token: string | null) {
  const base = knownApiUrl()
  if (!base) throw new LegacyError('the older user center is not known yet')
  const response = await platform().transport.request({
    url: absolute(`${base}${path}`),
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { [TOKEN_HEADER]: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    timeoutMs: TIMEOUT_MS,
  })
  const answer = (response.data && typeof response.data === 'object' ? response.data : {}) as Answer
  return { status: response.status, body: answer }
}

/**
 * One call to the older user center with SPEC §8's rules: the old session's token sent along
 * (opened first when there is none); an ended session (401 in msg or errorCode) is cleared, opened
 * again and the call retried, up to QUICK_LOGIN_OLD_SESSION_RETRIES times; success is `success`
 * true or `resultCode` '1', and the answer is `resultData` or `obj`. Rejects with LegacyError.
 */
export async function legacyCall<T = unknown>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  let token = clientStorage.get('oucToken') ?? (await legacySignIn())
  for (let retry = 0; ; retry++) {
    if (!token) throw new LegacyError('no session of the older user center')
    const { status, body: answer } = await send(method, path, body, token)
    if (sessionEnded(answer, status)) {
      clientStorage.remove('oucToken')
      token = retry < QUICK_LOGIN_OLD_SESSION_RETRIES ? await legacySignIn() : null
      continue
    }
    if (succeeded(answer)) return (answer.resultData ?? answer.obj ?? null) as T
    throw new LegacyError(typeof answer.msg === 'string' && answer.msg ? answer.msg : 'the older user center refused the call')
  }
}

/**
 * After a login: the old session, then this device's push binding there. The push id is this
 * device's pseudonym for the older center (device-alias.ts), never its device id.
 */
export async function legacyAfterLogin(): Promise<void> {
  clientStorage.remove('oucToken')
  if (!(await legacySignIn())) return
  const pushId = deviceAliasFor(LEGACY_AUTH_APP_ID)
  const binding = await legacyCall<{ bound?: boolean }>('GET', `/push/updateBinding?pushId=${encodeURIComponent(pushId)}`)
  if (!binding?.bound) await legacyCall('POST', '/push/bindingUserByAjax', { pushId })
}

/** On logout: ends the old session too (when there is one); never stands in the way of the logout. */
export async function legacyLogout(): Promise<void> {
  const token = clientStorage.get('oucToken')
  clientStorage.remove('oucToken')
  if (!token || !knownApiUrl()) return
  await send('POST', '/logout', {}, token).catch(() => undefined)
}

/** Tests: forget what this module learnt. */
export function resetLegacyState(): void {
  apiUrl = null
  signingIn = null
}
