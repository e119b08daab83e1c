import Taro from '@tarojs/taro'
import { installDebugConsole, readDebugParam } from '../../core/web/debug-console'
import { installHashFlag } from '../../core/web/hash-flag'
import type { StorageAdapter } from '../types'
import { keepTopPageShown } from './page-shade'

/** The Taro H5 router's event after each navigation (it pushes history entries without hashchange). */
const ROUTER_CHANGE_EVENT = '__afterTaroRouterChange'

/** SPEC §2 web behaviours: the `flag=1` hash and the `debug` console switch; and the router's page shade mended (page-shade.ts). */
export function installWebGlobals(win: Window, session: StorageAdapter): void {
  keepTopPageShown(win.document)
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
