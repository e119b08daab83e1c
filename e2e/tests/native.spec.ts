import { expect, test, type Locator, type Page } from '@playwright/test'
import { DICTIONARIES, buttonIn, expectRoute, onPage, signUpByCode, visitor, watchErrors } from './support'

/**
 * The portal inside the native app's webview (SPEC §1, docs/native-bridge.md), against a fake
 * native host: a script run before the portal that injects the bridge in one of the three calling
 * conventions and records every call.
 */
type Convention = 'methods' | 'postMessage' | 'webkit'
interface NativeCall {
  method: string
  params: Record<string, unknown>
}

async function fakeNativeHost(page: Page, convention: Convention) {
  await page.addInitScript((style: Convention) => {
    const calls: NativeCall[] = []
    Object.assign(window, { __nativeCalls: calls })
    const methods = ['jumpHome', 'jumpUserCenter', 'customerService', 'login', 'webview', 'makePhoneCall', 'idVerifySuccess']
    if (style === 'methods') {
      // Android addJavascriptInterface: one function per method, the parameters as a JSON string.
      Object.assign(window, { ESSNativeBridge: Object.fromEntries(methods.map((method) => [method, (json: string) => calls.push({ method, params: JSON.parse(json) })])) })
    } else if (style === 'postMessage') {
      Object.assign(window, { ESSNativeBridge: { postMessage: (json: string) => calls.push(JSON.parse(json)) } })
    } else {
      // iOS WKWebView: a script message handler, the message as an object.
      Object.assign(window, { webkit: { messageHandlers: { ESSNativeBridge: { postMessage: (message: NativeCall) => calls.push(message) } } } })
    }
  }, convention)
}

const nativeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __nativeCalls: NativeCall[] }).__nativeCalls)
const expectCall = (page: Page, call: NativeCall) => expect.poll(() => nativeCalls(page)).toContainEqual(call)

/**
 * The hotline as the hub shows it, once it is there: read as text content after it has digits
 * (innerText of a page still fading in read "" in CI, and the test then expected a call to "").
 */
async function hotlineOf(hub: Locator) {
  const number = hub.getByTestId('hotline-number')
  await expect(number).toHaveText(/\d/)
  return ((await number.textContent()) ?? '').trim()
}

/** Spare roster people for this file (apps/gateway/src/modules/roster/data.ts): CI's retry takes the second. */
const EMPLOYEES = [
  { name: '何静', idNo: '330102199003125673' },
  { name: '马超', idNo: '440304199206187531' },
]

test.describe('the native app bridge', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ESSApp/3.2.0' })

  test('Android-style methods: web pages, the phone, customer service, and the native login on 401', async ({ page }) => {
    const errors = watchErrors(page, ['SESSION_INVALID'])
    await fakeNativeHost(page, 'methods')
    await visitor(page, 'zh-CN')
    await page.goto('/#/pages/home/index')

    // A web page opens in the app's own webview; the app signs the visitor in first (needLogin).
    await onPage(page, 'pages/home/index').getByTestId('link-welfare').click()
    await expect
      .poll(async () => (await nativeCalls(page)).find((c) => c.method === 'webview')?.params)
      .toEqual({ needLogin: true, url: expect.stringMatching(/^https:\/\/welfare\.example\.com\/mall\?lang=zh-CN&external=1&CPAppId=101&CPAuthType=0&needOpenId=1$/) })
    await expectRoute(page, 'pages/home/index', 'zh-CN')

    // The customer-service hub: the hotline through the app's dialler, the assistant through the app.
    await page.goto('/#/packages/users/service/index')
    const hub = onPage(page, 'packages/users/service/index')
    const hotline = await hotlineOf(hub)
    await hub.getByTestId('call-hotline').click()
    await expectCall(page, { method: 'makePhoneCall', params: { phone: hotline } })
    await hub.getByTestId('service-assistant').click()
    await expectCall(page, { method: 'customerService', params: {} })
    await expectRoute(page, 'packages/users/service/index', 'zh-CN')

    // A session the gateway no longer knows: the app's native login, not the portal's page.
    await page.evaluate(() => localStorage.setItem('token', 'stale-token-0123456789abcdef'))
    await page.goto('/#/pages/user-center/user-info/index')
    await expectCall(page, { method: 'login', params: { type: 'phone' } })
    expect(errors).toEqual([])
  })

  test('postMessage: the same calls as one JSON message each', async ({ page }) => {
    await fakeNativeHost(page, 'postMessage')
    await visitor(page, 'en-US')
    await page.goto('/#/packages/users/service/index')
    const hub = onPage(page, 'packages/users/service/index')
    await hub.getByTestId('service-assistant').click()
    await expectCall(page, { method: 'customerService', params: {} })
    const hotline = await hotlineOf(hub)
    await hub.getByTestId('call-hotline').click()
    await expectCall(page, { method: 'makePhoneCall', params: { phone: hotline } })
  })
})

test.describe('the native app bridge on iOS', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ESSApp/3.2.0' })

  test('WKWebView message handler: the app is told when the real-name verification passed', async ({ page }) => {
    test.setTimeout(120_000)
    const t = DICTIONARIES['en-US']
    const employee = EMPLOYEES[Math.min(test.info().retry, 1)]
    await fakeNativeHost(page, 'webkit')
    await visitor(page, 'en-US')
    await page.goto('/#/packages/login/login-type/index')
    await signUpByCode(page, 'en-US')
    await expectRoute(page, 'pages/home/index', 'en-US')
    await page.goto('/#/packages/auth/idNumberAuthentication')
    const form = onPage(page, 'packages/auth/idNumberAuthentication')
    await form.locator(`input[placeholder="${t.realName.namePlaceholder}"]`).fill(employee.name)
    await form.locator(`input[placeholder="${t.realName.idNoPlaceholder}"]`).fill(employee.idNo)
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/success', 'en-US')
    await expectCall(page, { method: 'idVerifySuccess', params: {} })
  })
})
