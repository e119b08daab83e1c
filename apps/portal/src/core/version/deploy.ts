/**
 * On H5, whether a newer portal has been deployed since this page loaded: the served index.html
 * no longer names the hashed start-up scripts this page runs (every deploy changes their content
 * hashes). Elsewhere (the mini-program updates through WeChat) it is always false.
 */
export function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1].replace(/^\.?\//, '').replace(/^.*\/(?=js\/)/, ''))
}

export function isNewerDeploy(running: readonly string[], servedHtml: string): boolean {
  const served = new Set(scriptsOf(servedHtml))
  const mine = running.map((src) => src.replace(/^.*\/(?=js\/)/, ''))
  return mine.length > 0 && served.size > 0 && mine.some((src) => !served.has(src))
}

export async function checkNewDeploy(): Promise<boolean> {
  if (typeof document === 'undefined' || typeof fetch !== 'function') return false
  const running = [...document.querySelectorAll('script[src]')].map((el) => el.getAttribute('src') ?? '').filter((src) => /\/?js\//.test(src))
  try {
    const response = await fetch(`${location.pathname}?deploy-check=${Date.now()}`, { cache: 'no-store' })
    if (!response.ok) return false
    return isNewerDeploy(running, await response.text())
  } catch {
    return false
  }
}

export function reloadPortal(): void {
  if (typeof location !== 'undefined') location.reload()
}
