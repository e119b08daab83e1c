import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../src/platform/shared/memory-storage'
import { COOKIE_STORAGE_KEY, cookieHeader, createMiniTransport, rememberCookies } from '../src/platform/weapp/transport'

afterEach(() => vi.restoreAllMocks())

describe('mini-program transport: the session cookie by hand (SPEC §7)', () => {
  it('keeps cookies from Set-Cookie and drops expired ones', () => {
    const storage = createMemoryStorage()
    rememberCookies(storage, ['sid=abc; Path=/; HttpOnly', 'lang=en; Max-Age=3600'])
    expect(cookieHeader(storage)).toBe('sid=abc; lang=en')
    rememberCookies(storage, 'lang=; Max-Age=0, other=1; Expires=Wed, 21 Oct 2030 07:28:00 GMT')
    expect(cookieHeader(storage)).toBe('sid=abc; other=1')
    expect(JSON.parse(storage.get(COOKIE_STORAGE_KEY) as string)).toEqual({ sid: 'abc', other: '1' })
  })

  it('sends the stored cookie and remembers the answer’s, with the 10 s time-out', async () => {
    const storage = createMemoryStorage()
    rememberCookies(storage, 'sid=abc')
    const request = vi.spyOn(Taro, 'request').mockImplementation(((opts: Taro.request.Option) => {
      opts.success?.({ statusCode: 200, data: { code: 200 }, header: { 'Set-Cookie': 'sid=def; Path=/' }, cookies: [], errMsg: 'request:ok' } as never)
      return {} as never
    }) as never)
    const res = await createMiniTransport(storage).request({ url: 'http://gw/app/x', method: 'GET', headers: { _t: '1' }, timeoutMs: 10_000 })
    expect(res).toEqual({ status: 200, data: { code: 200 } })
    const opts = request.mock.calls[0][0] as Taro.request.Option
    expect(opts.header).toEqual({ _t: '1', cookie: 'sid=abc' })
    expect(opts.timeout).toBe(10_000)
    expect(cookieHeader(storage)).toBe('sid=def')
  })

  it('reports time-outs and network failures as such', async () => {
    const storage = createMemoryStorage()
    vi.spyOn(Taro, 'request')
      .mockImplementationOnce(((opts: Taro.request.Option) => (opts.fail?.({ errMsg: 'request:fail timeout' } as never), {})) as never)
      .mockImplementationOnce(((opts: Taro.request.Option) => (opts.fail?.({ errMsg: 'request:fail -101' } as never), {})) as never)
    const t = createMiniTransport(storage)
    const req = { url: 'http://gw/app/x', method: 'GET' as const, headers: {}, timeoutMs: 10 }
    await expect(t.request(req)).rejects.toMatchObject({ kind: 'timeout' })
    await expect(t.request(req)).rejects.toMatchObject({ kind: 'network' })
  })
})
