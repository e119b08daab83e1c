import { ROUTE_PATHS } from '@ess/contract/wire'
import { createMemoryStorage } from './shared/memory-storage'
import { createTaroNavigation } from './shared/taro-navigation'
import type { Platform } from './types'
import { createMiniCrypto } from './weapp/crypto'
import './weapp/icons'
import { createMiniPrivacy } from './weapp/privacy'
import { createMiniStorage } from './weapp/storage'
import { createMiniSystem } from './weapp/system'
import { createMiniTransport } from './weapp/transport'

export type * from './types'

/** The WeChat mini-program build (replaces index.ts when TARO_ENV is weapp). */
export function createPlatform(): Platform {
  const storage = createMiniStorage()
  return {
    kind: 'weapp',
    storage,
    session: createMemoryStorage(),
    transport: createMiniTransport(storage),
    nav: createTaroNavigation(),
    crypto: createMiniCrypto(),
    system: createMiniSystem(),
    bridge: null,
    loginRoute: ROUTE_PATHS.miniLogin,
    loginDelayMs: 0,
    reSignOnMyAccount: true,
    privacy: createMiniPrivacy(),
    apiBase: ESS_API_BASE,
    start: () => undefined,
  }
}
