import type { NativeBridge } from '../types'

/**
 * The native app's webview (SPEC §1). The app is recognised by its user-agent marker
 * (`ESSApp/<version>`) or by the bridge object it injects, `window.ESSNativeBridge`.
 *
 * Calling convention (the contract does not describe the native side; this is ours):
 * - `ESSNativeBridge.<method>(json)` when the app exposes one function per method (Android
 *   `addJavascriptInterface` style; params as a JSON string), else
 * - `ESSNativeBridge.postMessage(json)` with `{"method": …, "params": …}`, else
 * - `webkit.messageHandlers.ESSNativeBridge.postMessage({method, params})` (iOS WKWebView).
 */
export const NATIVE_UA_MARKER = /\bESSApp\/[\w.-]+/i

export type BridgeMethod = keyof NativeBridge

interface InjectedBridge {
  postMessage?: (message: string) => void
  [method: string]: unknown
}

export interface BridgeHost {
  navigator: { userAgent: string }
  ESSNativeBridge?: InjectedBridge
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> }
}

export function isNativeApp(host: BridgeHost): boolean {
  return NATIVE_UA_MARKER.test(host.navigator.userAgent) || !!host.ESSNativeBridge || !!host.webkit?.messageHandlers?.ESSNativeBridge
}

/** 'ios' or 'android' from the user agent of the native app's webview. */
export function nativeClientType(userAgent: string): 'ios' | 'android' {
  return /iphone|ipad|ipod|ios/i.test(userAgent) ? 'ios' : 'android'
}

export function invokeNative(host: BridgeHost, method: BridgeMethod, params: object = {}): boolean {
  const injected = host.ESSNativeBridge
  const own = injected?.[method]
  if (typeof own === 'function') {
    ;(own as (json: string) => void).call(injected, JSON.stringify(params))
    return true
  }
  if (typeof injected?.postMessage === 'function') {
    injected.postMessage(JSON.stringify({ method, params }))
    return true
  }
  const ios = host.webkit?.messageHandlers?.ESSNativeBridge
  if (ios) {
    ios.postMessage({ method, params })
    return true
  }
  return false
}

/** The bridge, or null outside the native app. */
export function createNativeBridge(host: BridgeHost): NativeBridge | null {
  if (!isNativeApp(host)) return null
  const call = (method: BridgeMethod, params?: object) => {
    if (!invokeNative(host, method, params)) console.warn(`[bridge] ${method}: no native bridge answered`)
  }
  return {
    jumpHome: () => call('jumpHome'),
    jumpUserCenter: () => call('jumpUserCenter'),
    customerService: () => call('customerService'),
    login: (params) => call('login', params),
    webview: (params) => call('webview', params),
    makePhoneCall: (params) => call('makePhoneCall', params),
    idVerifySuccess: () => call('idVerifySuccess'),
  }
}
