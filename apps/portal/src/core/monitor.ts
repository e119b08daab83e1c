/**
 * Error monitoring hook (SPEC §8: non-200 envelope codes other than 401 and 430 are reported).
 * No third-party SDK: listeners subscribe with `onError`; the dev build logs them to the console.
 */
export interface MonitoredError {
  /** `envelope`: the gateway answered with a non-200 code; `http`: an HTTP error without an envelope; `network`: no answer. */
  type: 'envelope' | 'http' | 'network'
  /** Envelope code, HTTP status, or 0 for network failures. */
  code: number
  errorCode?: string
  message: string
  method: string
  /** Path of the call, e.g. /app/user/api/dict/list. */
  path: string
  traceId: string
}

type Listener = (error: MonitoredError) => void
const listeners = new Set<Listener>()

export function onError(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function reportError(error: MonitoredError): void {
  for (const listener of listeners) {
    try {
      listener(error)
    } catch {
      /* a broken listener must not break the call */
    }
  }
}
