import {
  ERRORS,
  HEADERS,
  HTTP_TIMEOUT_MS,
  LOGIN_NAV_DELAY_WEB_MS,
  NETWORK_ABNORMAL_TEXT,
  NETWORK_REQUEST_ERROR_TEXT,
  PORTAL_APP_ID,
  SERVICE_PHONE,
  UNSIGNED_PAYLOAD,
  httpStatusText,
  verifySignature,
  wire,
} from '@ess/contract/wire'
import { defineCall } from '@ess/contract'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { z } from 'zod'
import { noteSignedOut, signedOutStore } from '../src/core/auth/signed-out'
import { confirmStore, settleConfirm } from '../src/core/confirm'
import { RequestError, request, upload } from '../src/core/http/request'
import { onError, type MonitoredError } from '../src/core/monitor'
import { clientStorage } from '../src/core/storage'
import { localeStore } from '../src/i18n/store'
import { TransportError } from '../src/platform/types'
import { fail, installTestPlatform, ok } from './helpers'

const echo = defineCall({
  method: 'POST',
  path: '/user/api/test/echo',
  summary: 'test',
  tags: ['test'],
  access: 'public',
  input: 'body',
  body: z.object({ name: z.string(), n: z.number() }),
  response: z.object({ done: z.boolean() }),
})

let toastSpy: MockInstance<typeof Taro.showToast>
beforeEach(() => {
  toastSpy = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function headersOf(req: { headers: Record<string, string> }) {
  return Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]))
}

function verify(req: { url: string; method: string; body?: string; headers: Record<string, string> }, body = req.body) {
  const url = new URL(req.url, 'http://localhost')
  return verifySignature(
    { method: req.method, path: url.pathname, query: url.search, body, headers: headersOf(req) },
    Date.now(),
  )
}

describe('request headers and signature', () => {
  it('sends every SPEC §3 header and a signature the contract verifies (GET with query)', async () => {
    const { server } = installTestPlatform()
    clientStorage.set('token', 'tok-123')
    server.reply(ok({ type: 'gender', items: [{ value: 'F', label: '女' }] }))

    const data = await request(wire.dictList, { type: 'gender' })

    expect(data?.items[0].label).toBe('女')
    const req = server.requests[0]
    expect(req.method).toBe('GET')
    expect(req.url).toBe('/app/user/api/dict/list?type=gender')
    expect(req.body).toBeUndefined()
    expect(req.timeoutMs).toBe(HTTP_TIMEOUT_MS)
    const h = headersOf(req)
    for (const name of Object.values(HEADERS)) expect(h[name], name).toBeTypeOf('string')
    expect(h._tk).toBe('tok-123')
    expect(Number(h._t)).toBeGreaterThan(Date.now() - 5000)
    expect(h._aid).toBe(PORTAL_APP_ID)
    expect(h._n).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(h._c).toBe('h5')
    expect(h._ut).toMatch(/^[A-Za-z0-9_-]{21}$/)
    expect(h['accept-language']).toBe('zh-CN')
    expect(h._tid).toMatch(/^[0-9a-f]{32}$/)
    expect(h._s).toMatch(/^[0-9a-f]{64}$/)
    expect(verify(req)).toEqual({ ok: true })
  })

  it('signs the exact JSON body of a POST, and a tampered body fails verification', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ done: true }))
    const data = await request(echo, { name: '张三', n: 1 })
    expect(data).toEqual({ done: true })
    const req = server.requests[0]
    expect(req.body).toBe(JSON.stringify({ name: '张三', n: 1 }))
    expect(req.headers['content-type']).toBe('application/json')
    expect(verify(req)).toEqual({ ok: true })
    expect(verify(req, JSON.stringify({ name: '李四', n: 1 }))).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' })
  })

  it('uses the stored outer app id and client, the device id, the language and fresh nonces and trace ids', async () => {
    const { server } = installTestPlatform()
    clientStorage.set('outerAppId', 'outer-9')
    clientStorage.set('outerClient', 'partner-app')
    localeStore.setState({ locale: 'en-US' })
    server.reply(ok({ type: 'gender', items: [] }), ok({ type: 'gender', items: [] }))
    await request(wire.dictList, { type: 'gender' })
    await request(wire.dictList, { type: 'gender' })
    const [a, b] = server.requests.map(headersOf)
    expect(a._aid).toBe('outer-9')
    expect(a._c).toBe('partner-app')
    expect(a['accept-language']).toBe('en-US')
    expect(a._ut).toBe(b._ut)
    expect(a._ut).toBe(clientStorage.get('deviceId'))
    expect(a._n).not.toBe(b._n)
    expect(a._tid).not.toBe(b._tid)
    // No app key for an unknown outer app id: nothing to sign with.
    expect(a._s).toBeUndefined()
  })

  it('signs a multipart upload as UNSIGNED-PAYLOAD', async () => {
    const { server } = installTestPlatform()
    server.reply(ok({ url: '/f/1.png' }))
    const res = await upload<{ url: string }>('/user/api/test/upload', { name: 'file', blob: new Blob(['x']) }, { kind: 'avatar' })
    expect(res).toEqual({ url: '/f/1.png' })
    const req = server.uploads[0]
    expect(req.url).toBe('/app/user/api/test/upload')
    expect(req.formData).toEqual({ kind: 'avatar' })
    expect(verify({ ...req, method: 'POST' }, UNSIGNED_PAYLOAD)).toEqual({ ok: true })
  })
})

describe('errors (SPEC §8)', () => {
  it('401 clears the session and opens login after 500 ms on the web, without a toast', async () => {
    vi.useFakeTimers()
    const { server, nav } = installTestPlatform()
    clientStorage.set('token', 't')
    clientStorage.set('refreshToken', 'r')
    clientStorage.set('microAssistantToken', 'm')
    server.reply(fail(ERRORS.SESSION_INVALID.code, { errorMsg: 'expired' }, 401))

    const result = await request(wire.dictList, { type: 'gender' })

    expect(result).toBeUndefined()
    expect(clientStorage.get('token')).toBeNull()
    expect(clientStorage.get('refreshToken')).toBeNull()
    expect(clientStorage.get('microAssistantToken')).toBeNull()
    vi.advanceTimersByTime(LOGIN_NAV_DELAY_WEB_MS - 1)
    expect(nav.navigateTo).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(nav.navigateTo).toHaveBeenCalledTimes(1)
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/login/login-type/index')
    expect(toastSpy).not.toHaveBeenCalled()
  })

  it('a session ended elsewhere (401 SESSION_ENDED, after the refresh is refused too) is kept for the login page; an expiry is not', async () => {
    vi.useFakeTimers()
    const { server, nav } = installTestPlatform()
    clientStorage.set('token', 't')
    clientStorage.set('refreshToken', 'r')
    server.reply(fail(ERRORS.SESSION_ENDED.code, { errorCode: 'SESSION_ENDED' }, 401))
    expect(await request(wire.dictList, { type: 'gender' })).toBeUndefined()
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual(['/app/user/api/dict/list', '/app/user/api/login/refreshToken'])
    expect(signedOutStore.getState().reason).toBe('ended')
    expect(clientStorage.get('token')).toBeNull()
    vi.advanceTimersByTime(LOGIN_NAV_DELAY_WEB_MS)
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/login/login-type/index')
    expect(toastSpy).not.toHaveBeenCalled()

    clientStorage.set('token', 't2')
    server.reply(fail(ERRORS.SESSION_INVALID.code, { errorCode: 'SESSION_INVALID' }, 401))
    await request(wire.dictList, { type: 'gender' })
    expect(signedOutStore.getState().reason).toBeNull()
  })

  it('several 401s lead to one navigation; an HTTP 401 without envelope counts too', async () => {
    vi.useFakeTimers()
    const { server, nav } = installTestPlatform()
    server.reply(fail(401, {}, 401), { status: 401, data: 'Unauthorized' })
    await Promise.all([request(wire.dictList, { type: 'gender' }), request(wire.dictList, { type: 'idType' })])
    vi.advanceTimersByTime(LOGIN_NAV_DELAY_WEB_MS)
    expect(nav.navigateTo).toHaveBeenCalledTimes(1)
  })

  it('401 inside the native app asks the bridge for the native login', async () => {
    vi.useFakeTimers()
    const bridgeLogin = vi.fn()
    const { server, nav } = installTestPlatform({
      bridge: {
        jumpHome: vi.fn(),
        jumpUserCenter: vi.fn(),
        customerService: vi.fn(),
        login: bridgeLogin,
        webview: vi.fn(),
        makePhoneCall: vi.fn(),
        idVerifySuccess: vi.fn(),
      },
    })
    server.reply(fail(401, {}, 401))
    await request(wire.dictList, { type: 'gender' })
    expect(bridgeLogin).toHaveBeenCalledWith({ type: 'phone' })
    vi.advanceTimersByTime(LOGIN_NAV_DELAY_WEB_MS)
    expect(nav.navigateTo).not.toHaveBeenCalled()
  })

  it('430 opens the "Update prompt" agreements dialog and shows no toast', async () => {
    const { server } = installTestPlatform()
    localeStore.setState({ locale: 'en-US' })
    server.reply(fail(ERRORS.PRIVACY_REAGREE.code, { errorMsg: 'agreements changed' }, 403))
    await request(wire.dictList, { type: 'gender' })
    const dialog = confirmStore.getState().current
    expect(dialog?.title).toBe('Update prompt')
    expect(dialog?.body).toEqual({ kind: 'agreements', type: '1' })
    expect(dialog?.confirmText).toBe('Agree')
    expect(dialog?.cancelText).toBe('Exit')
    expect(toastSpy).not.toHaveBeenCalled()
  })

  it('100400 opens the account-abnormal dialog with the service phone and no cancel button', async () => {
    const { server } = installTestPlatform()
    localeStore.setState({ locale: 'en-US' })
    server.reply(fail(ERRORS.ACCOUNT_ABNORMAL.code, { errorMsg: 'abnormal' }, 403))
    await request(wire.dictList, { type: 'gender' })
    const dialog = confirmStore.getState().current
    expect(dialog?.message).toBe('Info retrieval failed, Please try again later or contact service')
    expect(dialog?.body).toEqual({ kind: 'servicePhone', phone: SERVICE_PHONE })
    expect(dialog?.showCancel).toBe(false)
    expect(toastSpy).not.toHaveBeenCalled()
  })

  it('100400 of a disabled account (ACCOUNT_DISABLED) signs this device out once the dialog is read, and the login page says why; another 100400 keeps the session', async () => {
    vi.useFakeTimers()
    const { server, nav } = installTestPlatform()
    localeStore.setState({ locale: 'en-US' })
    clientStorage.set('token', 't')
    server.reply(fail(ERRORS.ACCOUNT_DISABLED.code, { errorCode: 'ACCOUNT_DISABLED', errorMsg: 'abnormal' }, 403))
    await request(wire.dictList, { type: 'gender' })
    const dialog = confirmStore.getState().current
    expect(dialog?.message).toBe('Info retrieval failed, Please try again later or contact service')
    expect(dialog?.body).toEqual({ kind: 'servicePhone', phone: SERVICE_PHONE })
    // No refresh is tried: the account, not the token, is refused.
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual(['/app/user/api/dict/list'])
    expect(clientStorage.get('token')).toBe('t')
    settleConfirm(true)
    await vi.advanceTimersByTimeAsync(LOGIN_NAV_DELAY_WEB_MS)
    expect(clientStorage.get('token')).toBeNull()
    expect(signedOutStore.getState().reason).toBe('disabled')
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/login/login-type/index')

    // The same code for another cause (e.g. a locked account's grant code) leaves the session as it is.
    noteSignedOut(null)
    clientStorage.set('token', 't2')
    server.reply(fail(ERRORS.ACCOUNT_ABNORMAL.code, { errorCode: 'ACCOUNT_ABNORMAL', errorMsg: 'abnormal' }, 403))
    await request(wire.dictList, { type: 'gender' })
    settleConfirm(true)
    await vi.advanceTimersByTimeAsync(LOGIN_NAV_DELAY_WEB_MS)
    expect(clientStorage.get('token')).toBe('t2')
    expect(signedOutStore.getState().reason).toBeNull()
  })

  it('toasts errorMsg, else msg, else "network request error" (3000 ms)', async () => {
    const { server } = installTestPlatform()
    server.reply(
      fail(100504, { errorMsg: 'Wrong verification code', msg: 'ignored' }),
      fail(100504, { errorMsg: '', msg: 'from msg' }),
      fail(100504, { errorMsg: '', msg: '' }),
    )
    await request(wire.dictList, { type: 'gender' })
    await request(wire.dictList, { type: 'gender' })
    await request(wire.dictList, { type: 'gender' })
    const titles = toastSpy.mock.calls.map(([o]) => (o as { title: string }).title)
    expect(titles).toEqual(['Wrong verification code', 'from msg', NETWORK_REQUEST_ERROR_TEXT['zh-CN']])
    expect((toastSpy.mock.calls[0][0] as { duration: number }).duration).toBe(3000)
  })

  it.each([
    { needThrowErr: false, needShowToast: true, rejects: false, toasts: true },
    { needThrowErr: true, needShowToast: true, rejects: true, toasts: true },
    { needThrowErr: false, needShowToast: false, rejects: false, toasts: false },
    { needThrowErr: true, needShowToast: false, rejects: true, toasts: false },
  ])('needThrowErr=$needThrowErr needShowToast=$needShowToast', async ({ needThrowErr, needShowToast, rejects, toasts }) => {
    const { server } = installTestPlatform()
    server.reply(fail(100502, { errorCode: 'ALREADY_REGISTERED', errorMsg: 'already registered' }, 409))
    const call = request(wire.dictList, { type: 'gender' }, { needThrowErr, needShowToast })
    if (rejects) {
      const error = await call.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(RequestError)
      expect(error).toMatchObject({ kind: 'envelope', code: 100502, errorCode: 'ALREADY_REGISTERED', message: 'already registered', status: 409 })
    } else {
      await expect(call).resolves.toBeUndefined()
    }
    expect(toastSpy).toHaveBeenCalledTimes(toasts ? 1 : 0)
  })

  it('reports non-200 codes other than 401 and 430 to the error monitor', async () => {
    const { server } = installTestPlatform()
    const seen: MonitoredError[] = []
    const off = onError((e) => seen.push(e))
    server.reply(
      fail(100504, { errorMsg: 'x' }),
      fail(401, {}, 401),
      fail(430, {}, 403),
      fail(100400, {}, 403),
      { status: 502, data: '<html>bad gateway</html>' },
      () => {
        throw new TransportError('network')
      },
    )
    for (let i = 0; i < 6; i++) await request(wire.dictList, { type: 'gender' })
    off()
    expect(seen.map((e) => [e.type, e.code])).toEqual([
      ['envelope', 100504],
      ['envelope', 100400],
      ['http', 502],
      ['network', 0],
    ])
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/app/user/api/dict/list' })
    expect(seen[0].traceId).toMatch(/^[0-9a-f]{32}$/)
  })

  it('network failures and time-outs show "Network connection is abnormal"', async () => {
    const { server } = installTestPlatform()
    localeStore.setState({ locale: 'en-US' })
    server.reply(
      () => {
        throw new TransportError('timeout')
      },
      () => {
        throw new TransportError('network', 'Failed to fetch')
      },
    )
    const timeout = await request(wire.dictList, { type: 'gender' }, { needThrowErr: true }).catch((e: RequestError) => e)
    expect(timeout).toMatchObject({ kind: 'timeout', code: 0, message: NETWORK_ABNORMAL_TEXT['en-US'] })
    await request(wire.dictList, { type: 'gender' })
    expect(toastSpy).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Network connection is abnormal, please try again later!' }))
  })

  it('HTTP statuses without an envelope use the status texts', async () => {
    const { server } = installTestPlatform()
    server.reply({ status: 404, data: 'Not Found' }, { status: 503, data: null }, { status: 418, data: null })
    for (let i = 0; i < 3; i++) await request(wire.dictList, { type: 'gender' })
    const titles = toastSpy.mock.calls.map(([o]) => (o as { title: string }).title)
    expect(titles).toEqual([httpStatusText(404, 'zh-CN'), httpStatusText(503, 'zh-CN'), '服务器错误！'])
  })
})

describe('H5 fetch transport', () => {
  it('sends credentials and aborts after 10 s with a time-out', async () => {
    vi.useFakeTimers()
    const { createFetchTransport } = await import('../src/platform/h5/transport')
    let seenInit: RequestInit | undefined
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      seenInit = init
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    })
    const transport = createFetchTransport(() => fetchImpl as unknown as typeof fetch)
    const pending = transport.request({ url: '/app/x', method: 'GET', headers: { _t: '1' }, timeoutMs: HTTP_TIMEOUT_MS })
    const outcome = pending.catch((e: unknown) => e)
    vi.advanceTimersByTime(HTTP_TIMEOUT_MS)
    await flushMicrotasks()
    const error = await outcome
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).kind).toBe('timeout')
    expect(seenInit?.credentials).toBe('include')
  })

  it('parses JSON answers and keeps text ones', async () => {
    const { createFetchTransport } = await import('../src/platform/h5/transport')
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 200 }), { status: 200 }))
      .mockResolvedValueOnce(new Response('oops', { status: 500 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const transport = createFetchTransport(() => fetchImpl as unknown as typeof fetch)
    const req = { url: '/app/x', method: 'GET' as const, headers: {}, timeoutMs: 1000 }
    await expect(transport.request(req)).resolves.toEqual({ status: 200, data: { code: 200 } })
    await expect(transport.request(req)).resolves.toEqual({ status: 500, data: 'oops' })
    await expect(transport.request(req)).rejects.toMatchObject({ kind: 'network' })
  })
})

async function flushMicrotasks() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

