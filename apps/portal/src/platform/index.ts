import { LOGIN_NAV_DELAY_WEB_MS, ROUTE_PATHS } from '@ess/contract/wire'
import { createNativeBridge, withNativeApp } from './app'
import { createWebCrypto } from './h5/crypto'
import { createWebStorage } from './h5/storage'
import { createWebSystem } from './h5/system'
import { createFetchTransport } from './h5/transport'
import { installWebGlobals } from './h5/web-globals'
import { createTaroNavigation } from './shared/taro-navigation'
import type { Platform } from './types'
import './h5/taro-components.css'
import './h5/web.scss'

export type * from './types'

/**
 * The H5 build: the plain web, or the native app's webview when its bridge is detected.
 * (`index.weapp.ts` replaces this file in the mini-program build.)
 */
export function createPlatform(win: Window = window): Platform {
  const session = createWebStorage(() => win.sessionStorage)
  const web: Platform = {
    kind: 'h5',
    storage: createWebStorage(() => win.localStorage),
    session,
    transport: createFetchTransport(() => win.fetch.bind(win)),
    nav: createTaroNavigation(),
    crypto: createWebCrypto(),
    system: createWebSystem(win),
    bridge: null,
    loginRoute: ROUTE_PATHS.login,
    loginDelayMs: LOGIN_NAV_DELAY_WEB_MS,
    reSignOnMyAccount: false,
    privacy: null,
    apiBase: ESS_API_BASE,
    start: () => installWebGlobals(win, session),
  }
  const bridge = createNativeBridge(win as unknown as Parameters<typeof createNativeBridge>[0])
  return bridge ? withNativeApp(web, bridge, win.navigator.userAgent) : web
}
