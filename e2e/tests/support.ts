import { closeSync, mkdirSync, openSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { generate } from 'otplib'
import type { ConsoleRole, Locale, RoutePath } from '@ess/contract'
import zhCN from '../../apps/portal/src/i18n/zh-CN'
import enUS from '../../apps/portal/src/i18n/en-US'
import { domainTextsIn } from '../../apps/portal/test/domain-texts'

/** Every text a person sees in a language: the app's dictionary and the domains' texts (src/i18n/domain.ts). */
const textsOf = (locale: Locale) => ({ ...(locale === 'zh-CN' ? zhCN : enUS), ...domainTextsIn(locale) })

export const DICTIONARIES = { 'zh-CN': textsOf('zh-CN'), 'en-US': textsOf('en-US') } as const

export function titleOf(route: RoutePath, locale: Locale): string {
  return DICTIONARIES[locale].titles[route]
}

/**
 * Collects console errors, uncaught page errors and failed API answers; assert on them at the end
 * of a test. Chromium logs every 4xx fetch as a console error ("Failed to load resource"): for the
 * gateway's calls those are refusals the app answers with a toast, so they are listed by their
 * `errorCode` instead (`allowRefusals` names the ones a test expects, e.g. a missed slider drag).
 * 5xx answers are always errors.
 */
export function watchErrors(page: Page, allowRefusals: readonly string[] = []): string[] {
  const errors: string[] = []
  trackRequests(page)
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const apiRefusal = /Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
    if (apiRefusal && new URL(msg.location().url || 'about:blank', 'http://x').pathname.startsWith('/app/')) return
    errors.push(`console: ${msg.text()} (${msg.location().url})`)
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  // A script or resource the Content-Security-Policy refused, even one the page survives (zod's
  // eval probe was refused silently, and only Lighthouse noticed): said on the console as an error,
  // so it is one of the test's errors too.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname
    if (!path.startsWith('/app/') || res.status() < 400) return
    const body = (await res.json().catch(() => ({}))) as { errorCode?: string }
    const what = `${res.status()} ${body.errorCode ?? '?'} ${res.request().method()} ${path}`
    if (res.status() >= 500 || !allowRefusals.includes(body.errorCode ?? '')) errors.push(`api: ${what}`)
  })
  return errors
}

/** The requests in flight of each page watchErrors watches (so from the page's first request on). */
const requestsInFlight = new WeakMap<Page, Set<Request>>()

function trackRequests(page: Page) {
  if (requestsInFlight.has(page)) return
  const pending = new Set<Request>()
  requestsInFlight.set(page, pending)
  page.on('request', (request) => pending.add(request))
  // A request its document gave up (a new page.goto) ends as failed (net::ERR_ABORTED).
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))
}

/** How long a watched page must have no request in flight to count as settled. */
const NETWORK_QUIET_MS = 150

/**
 * The page's calls, scripts and pictures settled: no request in flight for NETWORK_QUIET_MS (a call
 * that follows another's answer starts within a task or two of it). Playwright's 'networkidle' asks
 * for 500 ms without a connection, and was 0.45 s of the 1.1 s of every accessibility check
 * (2026-11-29, 65 checks of routes.spec); it stays the wait for a page watchErrors does not watch,
 * whose requests already under way would be unknown here. A page whose requests never settle is
 * checked after 10 s as it is (`networkidle` had no bound of its own: it waited until the test's
 * timeout, which then failed the test without naming a violation).
 */
export async function networkSettled(page: Page): Promise<void> {
  const pending = requestsInFlight.get(page)
  if (!pending) return page.waitForLoadState('networkidle').catch(() => undefined)
  const deadline = Date.now() + 10_000
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= NETWORK_QUIET_MS) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Records the page's layout shifts (PerformanceObserver 'layout-shift', those after a user input
 * left out, as Lighthouse's CLS does) from the first paint; the returned function lists them as
 * "score: element «text»" for a test to expect none (issue 18: no layout shift).
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    interface Shift extends PerformanceEntry {
      value: number
      hadRecentInput: boolean
      sources: { node: Node | null }[]
    }
    const shifts: string[] = []
    ;(window as unknown as { __essLayoutShifts: string[] }).__essLayoutShifts = shifts
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as Shift[]) {
        if (shift.hadRecentInput) continue
        const what = shift.sources.map(({ node }) => {
          const element = node instanceof Element ? node : node?.parentElement
          return `${element ? `${element.tagName.toLowerCase()}.${element.className}` : 'a removed node'} «${(node?.textContent ?? '').trim().slice(0, 30)}»`
        })
        shifts.push(`${shift.value.toFixed(4)}: ${what.join(', ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { __essLayoutShifts: string[] }).__essLayoutShifts)
}

/** Starts the page in a language, as a returning user who picked it would (stored `locale-lang`). */
export async function useLocale(page: Page, locale: Locale) {
  await page.addInitScript((l) => {
    // (Not on about:blank, which has no storage.)
    if (location.protocol !== 'http:' && location.protocol !== 'https:') return
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale-lang', l)
      sessionStorage.setItem('e2e-locale-set', '1')
    }
  }, locale)
}

/** A visitor in a language who already agreed to the privacy policy (no consent panel). */
export async function visitor(page: Page, locale: Locale) {
  await useLocale(page, locale)
  await page.addInitScript(() => {
    if (location.protocol !== 'http:' && location.protocol !== 'https:') return
    if (!sessionStorage.getItem('e2e-consent-set')) {
      localStorage.setItem('user-agreed-privacy', '1')
      sessionStorage.setItem('e2e-consent-set', '1')
    }
  })
}

export async function expectRoute(page: Page, route: RoutePath, locale: Locale) {
  const frame = onPage(page, route)
  await expect(frame).toBeVisible()
  await expect(frame.getByTestId('nav-title')).toHaveText(titleOf(route, locale))
}

/**
 * Where the slider puzzle's cut-out is, found the way a person finds it: by looking at the
 * picture. The cut-out is the scene darkened under the piece's shape, so the piece, darkened the
 * same way, matches the background best there (sum of absolute differences over the piece's
 * opaque pixels). Returns the piece's left edge in background pixels.
 */
export async function findPuzzleGap(page: Page): Promise<number> {
  const popup = page.getByTestId('captcha-popup')
  const bg = await popup.locator('.slider-captcha__bg img, img.slider-captcha__bg').first().getAttribute('src')
  const pieceImg = popup.locator('.slider-captcha__piece img, img.slider-captcha__piece').first()
  const piece = await pieceImg.getAttribute('src')
  const topPct = await popup.locator('.slider-captcha__piece').first().evaluate((el) => parseFloat((el as HTMLElement).style.top))
  return page.evaluate(
    async ({ bg, piece, topPct }) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const img = new Image()
          img.onload = () => resolve(img)
          img.onerror = reject
          img.src = src
        })
      const pixels = (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas')
        canvas.width = img.naturalWidth
        canvas.height = img.naturalHeight
        const ctx = canvas.getContext('2d')!
        ctx.drawImage(img, 0, 0)
        return ctx.getImageData(0, 0, canvas.width, canvas.height)
      }
      const [b, p] = [pixels(await load(bg!)), pixels(await load(piece!))]
      const y0 = Math.round((topPct / 100) * b.height)
      const points: number[] = []
      for (let j = 0; j < p.height; j++)
        for (let i = 0; i < p.width; i++) {
          const k = (j * p.width + i) * 4
          const white = p.data[k] > 235 && p.data[k + 1] > 235 && p.data[k + 2] > 235
          if (p.data[k + 3] === 255 && !white) points.push(i, j)
        }
      let best = 0
      let bestScore = Infinity
      for (let x = 0; x <= b.width - p.width; x++) {
        let score = 0
        for (let n = 0; n < points.length; n += 2) {
          const i = points[n]
          const j = points[n + 1]
          const pk = (j * p.width + i) * 4
          const bk = ((y0 + j) * b.width + x + i) * 4
          for (let c = 0; c < 3; c++) score += Math.abs(b.data[bk + c] - 0.45 * p.data[pk + c])
        }
        if (score < bestScore) {
          bestScore = score
          best = x
        }
      }
      return best
    },
    { bg, piece, topPct },
  )
}

/**
 * Solves the slider puzzle on screen like a person: looks for the gap, then drags the handle with
 * the mouse (press, a few dozen uneven moves with small pauses, release). Retries with a new
 * puzzle when refused.
 */
export async function solveSlider(page: Page, attempts = 3): Promise<void> {
  const popup = page.getByTestId('captcha-popup')
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const slider = popup.getByTestId('slider-captcha')
    await expect(slider).toHaveAttribute('data-status', 'idle')
    const gap = await findPuzzleGap(page)
    const stage = await popup.locator('.slider-captcha__stage').boundingBox()
    const handle = await popup.getByTestId('captcha-handle').boundingBox()
    if (!stage || !handle) throw new Error('puzzle not on screen')
    const distance = (gap * stage.width) / 320
    const x0 = handle.x + handle.width / 2
    const y0 = handle.y + handle.height / 2
    await page.mouse.move(x0, y0)
    await page.mouse.down()
    const steps = 24
    for (let i = 1; i <= steps; i++) {
      const p = i / steps
      const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2
      await page.mouse.move(x0 + distance * eased, y0 + Math.sin(i) * 1.5)
      await page.waitForTimeout(12 + ((i * 7) % 5) * 6)
    }
    await page.mouse.move(x0 + distance, y0)
    await page.waitForTimeout(60)
    await page.mouse.up()
    const status = await slider.getAttribute('data-status').then(async () => {
      await expect(slider).not.toHaveAttribute('data-status', /dragging|checking/)
      return slider.getAttribute('data-status')
    }).catch(() => 'gone')
    if (status !== 'failure') {
      await expect(popup).toBeHidden()
      return
    }
  }
  throw new Error('the slider puzzle was refused every time')
}

/** The newest 6-digit code sent to a phone (E.164, e.g. +8613800138000) or email, from the dev outbox. */
export async function readCode(page: Page, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}&limit=5`)
    const body = (await res.json()) as { data: { data: Array<{ id: number; body: string }> } }
    const message = body.data.data.find((m) => m.id > after)
    const code = message?.body.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    await page.waitForTimeout(250)
  }
  throw new Error(`no code for ${to}`)
}

/** Id of the newest outbox message to someone (0 when none), to wait for a newer one. */
export async function lastOutboxId(page: Page, to: string): Promise<number> {
  const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}&limit=1`)
  const body = (await res.json()) as { data: { data: Array<{ id: number }> } }
  return body.data.data[0]?.id ?? 0
}

/** A mainland mobile number no other test uses. */
export function newPhone(): string {
  return `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
}

/** The page frame of a route. */
/**
 * The shown page of a route. The router may keep a page it left in the document, hidden, for a
 * moment (seen in CI: signed in from the login page, back on My account, and the login page opened
 * again while the earlier one was still there): the hidden one is not the page on screen.
 */
export const onPage = (page: Page, route: RoutePath) => page.locator(`[data-route="${route}"]`).filter({ visible: true })
/** Matches exactly this text, spaces around aside. */
export const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)
/** The (NutUI / Taro) button of a scope with exactly this label (Taro's Button: a `.taro-button-core` element). */
export const buttonIn = (scope: ReturnType<Page['locator']>, text: string) => scope.locator('.taro-button-core').filter({ hasText: exactly(text) })
/** The input of a scope with this placeholder. */
export const field = (scope: ReturnType<Page['locator']>, placeholder: string) => scope.locator(`input[placeholder="${placeholder}"]`)

/**
 * Signs a new phone up through the SMS-code login (the slider dragged, the code read from the dev
 * outbox, the agreements ticked) from the login page; ends wherever the login target leads.
 */
export async function signUpByCode(page: Page, locale: Locale, phone = newPhone()): Promise<string> {
  const t = DICTIONARIES[locale]
  const login = page.locator('[data-route="packages/login/login-type/index"]')
  await expectRoute(page, 'packages/login/login-type/index', locale)
  await login.getByTestId('tab-code').click()
  await login.locator(`input[placeholder="${t.auth.phonePlaceholder}"]`).fill(phone)
  await login.getByTestId('agree').click()
  await login.getByTestId('get-code').click()
  await solveSlider(page)
  const code = await readCode(page, `+86${phone}`)
  await login.locator(`input[placeholder="${t.auth.codePlaceholder}"]`).fill(code)
  await buttonIn(login, t.auth.login).click()
  return phone
}

/** A password that passes the rules, different each call. */
export const newPassword = (tag: string) => `${tag}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}x!`

/** Opens pages in this language, the privacy policy already agreed to. */
export async function agreedPrivacy(page: Page, locale: Locale) {
  await useLocale(page, locale)
  await page.addInitScript(() => localStorage.setItem('user-agreed-privacy', '1'))
}

/** Registers with a password by phone or by email; ends on home. Resolves when the code was sent. */
export async function registerWithPassword(page: Page, locale: Locale, by: { phone: string } | { email: string }, password: string): Promise<number> {
  const t = DICTIONARIES[locale]
  await page.goto('/#/packages/login/register/index')
  const reg = onPage(page, 'packages/login/register/index')
  await expectRoute(page, 'packages/login/register/index', locale)
  if ('email' in by) {
    await reg.getByTestId('tab-email').click()
    await field(reg, t.auth.emailPlaceholder).fill(by.email)
  } else {
    await field(reg, t.auth.phonePlaceholder).fill(by.phone)
  }
  await reg.getByTestId('get-code').click()
  await solveSlider(page)
  const sentAt = Date.now()
  const code = await readCode(page, 'email' in by ? by.email : `+86${by.phone}`)
  await field(reg, t.auth.codePlaceholder).fill(code)
  await field(reg, t.auth.passwordNew).fill(password)
  await field(reg, t.auth.confirmPassword).fill(password)
  await reg.getByTestId('agree').click()
  await buttonIn(reg, t.auth.submitRegister).click()
  await expectRoute(page, 'pages/home/index', locale)
  return sentAt
}

/** Forgets the login on this browser (as if it had ended). */
export async function forgetSession(page: Page) {
  await page.evaluate(() => {
    localStorage.removeItem('token')
    localStorage.removeItem('refresh-token')
  })
}

/** The identity check by the current password, back to the page that asked for it. */
export async function verifyWithPassword(page: Page, locale: Locale, password: string) {
  const s = DICTIONARIES[locale].security
  const list = onPage(page, 'packages/safety/authList')
  await expectRoute(page, 'packages/safety/authList', locale)
  await list.getByTestId('method-password').click()
  const check = onPage(page, 'packages/safety/authentication')
  await expectRoute(page, 'packages/safety/authentication', locale)
  await field(check, s.currentPasswordPlaceholder).fill(password)
  await buttonIn(check, s.verify).click()
}

/** The WCAG 2.0 and 2.1 rule sets, levels A and AA (issue 18). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Types a one-time code into antd's six code boxes (a console sign-in or step-up), each box filled on
 * its own: typing from the first box over a refused code still in them mixed the two (a retry
 * after TOTP_CODE_REUSED sent 677280 for 672800, and the sign-in failed).
 */
export async function typeOneTimeCode(scope: Page | Locator, code: string): Promise<void> {
  const boxes = scope.locator('.ant-otp input')
  for (let i = 0; i < code.length; i++) await boxes.nth(i).fill(code[i])
}

/**
 * Waits (at most 5 s) until no animation runs but endless ones (spinners): Ant Design's opening
 * motions (a dialog zooming in, a dropdown sliding in) have neither their final colours nor their
 * final place until they end.
 */
export async function animationsDone(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined)
}

/**
 * axe-core over the page as it is now, after its calls have settled: the serious and critical
 * violations, one line each (rule id, impact, help, the elements' selectors), so a failing
 * `expect(...).toEqual([])` prints what to fix. Hidden pages of the router's stack are not checked
 * (axe skips what is not displayed).
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode gathers partial results per frame
 * and finishes them in a new blank page, which cost about 0.9 s of the 1.7 s of every check here
 * (measured on three routes, 2026-11-25), and the portal's pages have no frames to gather across.
 * Only violations are collected (`resultTypes`): the passes are never read.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await networkSettled(page)
  // The page at rest: a dialog zooming in (Ant Design's opening motion) has no final colours yet, and
  // axe measured its button's contrast mid-way in CI.
  await animationsDone(page)
  // ...and no passing message: Ant Design's message shows 3 s, then fades out, and on a slow machine
  // the fade began while axe measured it (CI, 2026-11-28: its text's contrast read mid-fade, twice).
  // The console keeps none open for good, so this waits out at most its 3 s and the fade.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 })
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}] at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

/**
 * Demo roster people kept for the signed-in accessibility pass (no other spec uses them), each with
 * a phone of their own: the account is made by the SMS-code login, which signs the same phone in
 * again on CI's retry (or a second local run on the same server), so a retry finds the account
 * already verified instead of needing a spare person (a person links to one account only).
 */
const VERIFIED: Record<Locale, { phone: string; name: string; idNo: string }> = {
  'zh-CN': { phone: '19900018801', name: '周婷', idNo: '310115199209148086' },
  'en-US': { phone: '19900018802', name: '黄磊', idNo: '110108198607121350' },
}

/** Signs the locale's kept roster person in (registering the phone the first time) and makes sure they are real-name verified; ends on My account. */
export async function signInVerified(page: Page, locale: Locale): Promise<void> {
  const t = DICTIONARIES[locale]
  const who = VERIFIED[locale]
  await visitor(page, locale)
  // From a new document: a hash change keeps the portal's page stack, and a login page an earlier
  // redirect left in it made a second one here (two login pages: the assistant test failed so,
  // under load, on main at 62a40d8 too).
  await page.goto('about:blank')
  await page.goto('/#/pages/user-center/index')
  const uc = onPage(page, 'pages/user-center/index')
  await uc.getByTestId('login-register').click()
  await signUpByCode(page, locale, who.phone)
  await expectRoute(page, 'pages/user-center/index', locale)
  const tag = uc.getByTestId('uc-certified')
  // The tag shows once the user's record has loaded: verified, or "not verified · verify now".
  await expect(tag).toHaveText(new RegExp(`^\\s*(${t.userCenter.certified}|${t.userCenter.notCertified})`))
  if ((await tag.textContent())?.trim() !== t.userCenter.certified) {
    await page.goto('/#/packages/auth/idNumberAuthentication')
    const form = onPage(page, 'packages/auth/idNumberAuthentication')
    await field(form, t.realName.namePlaceholder).fill(who.name)
    await field(form, t.realName.idNoPlaceholder).fill(who.idNo)
    await buttonIn(form, t.realName.submit).click()
    await expectRoute(page, 'packages/users/identity/success', locale)
    await page.goto('/#/pages/user-center/index')
    await expect(onPage(page, 'pages/user-center/index').getByTestId('uc-certified')).toHaveText(t.userCenter.certified)
  }
}

/** A demo operator of the console: `/dev/operators.json` (serve.mjs starts the gateway with DEMO_OPERATORS=1). */
export interface DemoOperator {
  role: ConsoleRole
  email: string
  password: string
  totpSecret: string
}

export async function demoOperator(page: Page, role: ConsoleRole): Promise<DemoOperator> {
  const answer = await page.request.get('/dev/operators.json')
  const operators = ((await answer.json()) as { data: { data: DemoOperator[] } }).data.data
  const found = operators.find((operator) => operator.role === role)
  if (!found) throw new Error(`no demo ${role}`)
  return found
}

/**
 * With SHOTS_DIR set, a screenshot of the page as `<SHOTS_DIR>/<name>.<locale>.png` (the README's
 * and the reviews' pictures), after the page has settled a moment; nothing otherwise.
 */
export async function screenshotIfAsked(page: Page, name: string, locale: Locale, options: { fullPage?: boolean; settleMs?: number } = {}) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await page.waitForTimeout(options.settleMs ?? 400)
  await page.screenshot({ path: `${dir}/${name}.${locale}.png`, fullPage: options.fullPage ?? false })
}

/** TOTP steps (30 s) the specs' sign-ins and step-ups have used, one file each, shared by the workers. */
const TOTP_STEP_S = 30
const TOTP_CLAIMS = join(tmpdir(), `ess-e2e-totp-${process.env.E2E_PORT ?? 18080}`)

/**
 * A demo operator's authenticator code no other test of this run has used or will use. The gateway
 * takes a code once and at most one step ahead, and the specs of both workers sign the same demo
 * operators in: each step is claimed by creating its file (exclusive create, so one worker wins);
 * when now's and the next step are both taken, the one after is claimed as soon as it is within reach.
 */
export async function claimOneTimeCode(operator: DemoOperator): Promise<string> {
  mkdirSync(TOTP_CLAIMS, { recursive: true })
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / TOTP_STEP_S)
    for (const step of [now, now + 1]) {
      try {
        closeSync(openSync(join(TOTP_CLAIMS, `${operator.email}.${step}`), 'wx'))
      } catch {
        continue
      }
      return generate({ secret: operator.totpSecret, epoch: step * TOTP_STEP_S, period: TOTP_STEP_S })
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * TOTP_STEP_S * 1000 - Date.now() + 100))
  }
}
