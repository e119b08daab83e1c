import { describe, expect, it, vi } from 'vitest'
import { createNativeBridge, isNativeApp, nativeClientType } from '../src/platform/app/bridge'
import { createPlatform } from '../src/platform'

const IOS_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 ESSApp/3.2.0'
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile ESSApp/3.2.0'

describe('native app bridge', () => {
  it('is detected by the user-agent marker or the injected object', () => {
    expect(isNativeApp({ navigator: { userAgent: IOS_UA } })).toBe(true)
    expect(isNativeApp({ navigator: { userAgent: 'Mozilla/5.0 Chrome/120' } })).toBe(false)
    expect(isNativeApp({ navigator: { userAgent: 'x' }, ESSNativeBridge: {} })).toBe(true)
    expect(nativeClientType(IOS_UA)).toBe('ios')
    expect(nativeClientType(ANDROID_UA)).toBe('android')
  })

  it('calls one function per method with JSON params when the app exposes them', () => {
    const login = vi.fn()
    const webview = vi.fn()
    const bridge = createNativeBridge({ navigator: { userAgent: ANDROID_UA }, ESSNativeBridge: { login, webview } })
    bridge?.login({ type: 'phone' })
    bridge?.webview({ needLogin: true, url: 'https://x.example/a' })
    expect(login).toHaveBeenCalledWith('{"type":"phone"}')
    expect(webview).toHaveBeenCalledWith('{"needLogin":true,"url":"https://x.example/a"}')
  })

  it('falls back to postMessage, then to the iOS message handler', () => {
    const postMessage = vi.fn()
    createNativeBridge({ navigator: { userAgent: ANDROID_UA }, ESSNativeBridge: { postMessage } })?.makePhoneCall({ phone: '400-820-6688' })
    expect(JSON.parse(postMessage.mock.calls[0][0])).toEqual({ method: 'makePhoneCall', params: { phone: '400-820-6688' } })

    const ios = vi.fn()
    const bridge = createNativeBridge({ navigator: { userAgent: IOS_UA }, webkit: { messageHandlers: { ESSNativeBridge: { postMessage: ios } } } })
    bridge?.jumpHome()
    bridge?.jumpUserCenter()
    bridge?.customerService()
    bridge?.idVerifySuccess()
    expect(ios.mock.calls.map(([m]) => m.method)).toEqual(['jumpHome', 'jumpUserCenter', 'customerService', 'idVerifySuccess'])
  })

  it('is absent on the plain web; inside the app the platform reports ios/android and calls through the bridge', () => {
    expect(createNativeBridge({ navigator: { userAgent: 'Mozilla/5.0 Chrome/120' } })).toBeNull()
    expect(createPlatform(window).kind).toBe('h5')
    expect(createPlatform(window).system.clientType()).toBe('h5')

    const makePhoneCall = vi.fn()
    const fakeWindow = Object.create(window, {
      navigator: { value: { userAgent: IOS_UA } },
      ESSNativeBridge: { value: { makePhoneCall } },
    }) as Window
    const app = createPlatform(fakeWindow)
    expect(app.kind).toBe('app')
    expect(app.system.clientType()).toBe('ios')
    app.system.makePhoneCall('400-820-6688')
    expect(makePhoneCall).toHaveBeenCalledWith('{"phone":"400-820-6688"}')
  })
})
