import Taro from '@tarojs/taro'
import { TransportError, type StorageAdapter, type Transport, type TransportResponse } from '../types'

/** Where the gateway's cookies are kept: the mini-program has no cookie jar (SPEC §7). */
export const COOKIE_STORAGE_KEY = 'session-cookie'

function readJar(storage: StorageAdapter): Record<string, string> {
  try {
    return JSON.parse(storage.get(COOKIE_STORAGE_KEY) ?? '{}') as Record<string, string>
  } catch {
    return {}
  }
}

/** Keeps name=value of each Set-Cookie; an expired or emptied cookie is dropped. */
export function rememberCookies(storage: StorageAdapter, setCookie: string | string[] | undefined): void {
  if (!setCookie) return
  const list = Array.isArray(setCookie) ? setCookie : setCookie.split(/,(?=\s*[^;,=\s]+=)/)
  const jar = readJar(storage)
  for (const raw of list) {
    const [pair, ...attrs] = raw.split(';')
    const eq = pair.indexOf('=')
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
    if (expired) delete jar[name]
    else jar[name] = value
  }
  storage.set(COOKIE_STORAGE_KEY, JSON.stringify(jar))
}

export function cookieHeader(storage: StorageAdapter): string {
  return Object.entries(readJar(storage))
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')
}

function headerValue(header: Record<string, unknown> | undefined, name: string): string | string[] | undefined {
  if (!header) return undefined
  const key = Object.keys(header).find((k) => k.toLowerCase() === name)
  return key ? (header[key] as string | string[]) : undefined
}

function failure(err: { errMsg?: string } | undefined): TransportError {
  const msg = err?.errMsg ?? ''
  return new TransportError(/time\s?out/i.test(msg) ? 'timeout' : 'network', msg)
}

/** Taro.request / Taro.uploadFile with the session cookie sent by hand. */
export function createMiniTransport(storage: StorageAdapter): Transport {
  const withCookie = (headers: Record<string, string>) => {
    const cookie = cookieHeader(storage)
    return cookie ? { ...headers, cookie } : headers
  }
  return {
    request(req) {
      return new Promise<TransportResponse>((resolve, reject) => {
        Taro.request({
          url: req.url,
          method: req.method,
          header: withCookie(req.headers),
          data: req.body,
          timeout: req.timeoutMs,
          dataType: 'json',
          success(res) {
            const cookies = (res as { cookies?: string[] }).cookies
            rememberCookies(storage, cookies && cookies.length ? cookies : headerValue(res.header, 'set-cookie'))
            resolve({ status: res.statusCode, data: res.data })
          },
          fail: (err) => reject(failure(err)),
        })
      })
    },
    upload(req) {
      return new Promise<TransportResponse>((resolve, reject) => {
        if (!req.file.filePath) {
          reject(new TransportError('network', 'No file to upload'))
          return
        }
        Taro.uploadFile({
          url: req.url,
          filePath: req.file.filePath,
          name: req.file.name,
          header: withCookie(req.headers),
          formData: req.formData,
          timeout: req.timeoutMs,
          success(res) {
            let data: unknown = res.data
            try {
              data = JSON.parse(res.data)
            } catch {
              /* keep the text */
            }
            resolve({ status: res.statusCode, data })
          },
          fail: (err) => reject(failure(err)),
        })
      })
    },
  }
}
