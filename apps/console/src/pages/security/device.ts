/** A short name of the browser and system of a session's user agent: "Chrome · Windows". */
export function deviceOf(userAgent: string): string {
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\/|Chromium\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : undefined
  const system =
    /Windows/.test(userAgent) ? 'Windows'
    : /iPhone|iPad/.test(userAgent) ? 'iOS'
    : /Mac OS X/.test(userAgent) ? 'macOS'
    : /Android/.test(userAgent) ? 'Android'
    : /Linux/.test(userAgent) ? 'Linux'
    : undefined
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 60) || '—'
}
