import { TransportError, type Transport, type TransportResponse } from '../types'

/** Parses a JSON body, keeping the text when it is not JSON. */
export function parseBody(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** fetch with `credentials: 'include'` and an abort after the time-out. */
export function createFetchTransport(fetchImpl: () => typeof fetch = () => fetch): Transport {
  async function send(url: string, init: RequestInit, timeoutMs: number): Promise<TransportResponse> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    try {
      const res = await fetchImpl()(url, { ...init, credentials: 'include', signal: controller.signal })
      const text = await res.text()
      return { status: res.status, data: parseBody(text) }
    } catch (error) {
      if (timedOut) throw new TransportError('timeout')
      throw new TransportError('network', error instanceof Error ? error.message : String(error))
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    request: (req) => send(req.url, { method: req.method, headers: req.headers, body: req.body }, req.timeoutMs),
    upload(req) {
      const form = new FormData()
      for (const [k, v] of Object.entries(req.formData ?? {})) form.append(k, v)
      if (!req.file.blob) return Promise.reject(new TransportError('network', 'No file to upload'))
      form.append(req.file.name, req.file.blob, req.file.fileName)
      // The browser sets the multipart boundary itself.
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.toLowerCase() !== 'content-type'))
      return send(req.url, { method: 'POST', headers, body: form }, req.timeoutMs)
    },
  }
}
