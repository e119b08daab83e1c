import Taro from '@tarojs/taro'
import { installDebugConsole, readDebugParam } from '../../core/web/debug-console'
import { installHashFlag } from '../../core/web/hash-flag'
import type { StorageAdapter } from '../types'

/** The Taro H5 router's event after each navigation (it pushes history entries without hashchange). */
const ROUTER_CHANGE_EVENT = '__afterTaroRouterChange'

/**
 * Taro's H5 tab bar renders its items as `<a href="javascript:;">` with a click handler. The
 * gateway's Content-Security-Policy allows no inline script, so the browser refuses (and reports)
 * that `javascript:` navigation on every tab tap; nothing is meant to happen there, so the link's
 * default action is prevented before it (the tab bar's own handler still runs).
 */
export function preventScriptLinks(win: Window): void {
  win.addEventListener(
    'click',
    (event) => {
      const path = event.composedPath?.() ?? []
      const link = path.find((node): node is HTMLAnchorElement => (node as Element).tagName === 'A')
      if (link && /^\s*javascript:/i.test(link.getAttribute('href') ?? '')) event.preventDefault()
    },
    true,
  )
}

/** SPEC §2 web behaviours: the `flag=1` hash and the `debug` console switch; no `javascript:` links. */
export function installWebGlobals(win: Window, session: StorageAdapter): void {
  preventScriptLinks(win)
  installDebugConsole({
    console: globalThis.console,
    isProduction: process.env.NODE_ENV === 'production',
    param: readDebugParam(win.location.search, win.location.hash),
    session,
  })
  installHashFlag(win, (listener) => {
    Taro.eventCenter.on(ROUTER_CHANGE_EVENT, listener)
    return () => Taro.eventCenter.off(ROUTER_CHANGE_EVENT, listener)
  })
}
