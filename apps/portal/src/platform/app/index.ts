import type { NativeBridge, Platform } from '../types'
import { nativeClientType } from './bridge'

export { createNativeBridge, isNativeApp, nativeClientType, NATIVE_UA_MARKER } from './bridge'

/**
 * The H5 build running inside the native app's webview: the same web platform, with the client
 * type of the device, phone calls and login handed to the app.
 */
export function withNativeApp(web: Platform, bridge: NativeBridge, userAgent: string): Platform {
  const client = nativeClientType(userAgent)
  return {
    ...web,
    kind: 'app',
    bridge,
    loginDelayMs: 0,
    system: {
      ...web.system,
      clientType: () => client,
      makePhoneCall: (phone) => bridge.makePhoneCall({ phone }),
    },
  }
}
