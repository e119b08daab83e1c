// @vitest-environment jsdom
// (jsdom is the view layer's: view.ts draws pages in it; the app itself runs in the harness's context.)
import fs from 'node:fs'
import path from 'node:path'
import { ROUTES } from '@ess/contract/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Gateway } from './gateway'
import { sharedGateway } from './shared-gateway'
import { MiniProgram, rootOf, textOf } from './harness'
import { drawPage } from './view'

/**
 * The built mini-program (dist/weapp, `npm run test:weapp` builds it) run headless against the real
 * gateway on loopback (harness.ts says how, and what WeChat's own tools do and do not do).
 */
const DIST = path.resolve(__dirname, '../../dist/weapp')
/** Where the build sends its calls (config/index.ts: ESS_GATEWAY_URL, by default this). */
const BUILD_GATEWAY = process.env.ESS_GATEWAY_URL || 'http://localhost:8080'
/** Demo CMS content the gateway seeds (apps/gateway/src/modules/cms/content.ts, zh-CN). */
const HOME_TEXTS = ['11月工资将于11月28日发放', '常用服务', '资讯动态']
const SERVICE_TEXTS = ['薪资个税', '社保公积金', '员工福利']

let gateway: Gateway
let mp: MiniProgram

beforeAll(async () => {
  if (!fs.existsSync(path.join(DIST, 'app.js'))) throw new Error('dist/weapp is missing: run `npm run test:weapp -w apps/portal` (it builds first)')
  gateway = sharedGateway()
  mp = new MiniProgram({ dir: DIST, hosts: { [new URL(BUILD_GATEWAY).origin]: gateway.url } })
})

afterAll(() => {
  mp?.close()
})

const pageText = () => textOf(rootOf(mp.currentPage))
const cmsCalls = () => mp.requests.filter((r) => r.url.startsWith('/app/cms/'))

describe('the mini-program build runs (issue 17)', () => {
  it('starts: App.onLaunch/onShow, then the entry page, with no error', async () => {
    await mp.launch()
    expect(mp.errors).toEqual([])
    expect(mp.currentPage.route).toBe(mp.appJson.pages[0])
    expect(mp.navigations).toEqual([`appLaunch ${mp.appJson.pages[0]}`])
    expect(rootOf(mp.currentPage).cn?.length).toBeGreaterThan(0)
  })

  it('renders the home floors from the gateway through wx.request (signed calls pass its signature check)', async () => {
    // The first launch asks for consent to the privacy policy; the person agrees.
    if (pageText().includes('个人信息保护提示')) await mp.tapText('同意')
    await mp.settle()
    const text = pageText()
    const seen = JSON.stringify({ calls: mp.requests, toasts: mp.toasts, warnings: mp.warnings })
    for (const expected of HOME_TEXTS) expect(text, seen).toContain(expected)
    expect(cmsCalls().length).toBeGreaterThan(0)
    expect(cmsCalls().every((call) => call.status === 200)).toBe(true)
    expect(mp.errors).toEqual([])
  })

  it("draws the home view with WeChat's template compiler (wcc) and j-component from the page's data", () => {
    const view = drawPage(DIST, mp.currentPage)
    for (const expected of HOME_TEXTS) expect(view.textContent).toContain(expected)
    expect(view.querySelectorAll('wx-view').length).toBeGreaterThan(20)
    expect(view.querySelectorAll('wx-image').length).toBeGreaterThan(0)
  })

  it('taps the tabs: services renders its floors, my account opens, home comes back as it was', async () => {
    const home = mp.currentPage
    const services = await mp.tapTab(1)
    expect(services.route).toBe('pages/service/index')
    for (const expected of SERVICE_TEXTS) expect(pageText()).toContain(expected)
    const me = await mp.tapTab(2)
    expect(me.route).toBe('pages/user-center/index')
    expect(rootOf(me).cn?.length).toBeGreaterThan(0)
    expect(await mp.tapTab(0)).toBe(home) // tab pages stay alive
    for (const expected of HOME_TEXTS) expect(pageText()).toContain(expected)
    expect(mp.errors).toEqual([])
  })

  it('a tap on a home floor opens its page: the service guide, in the news subpackage, with its articles', async () => {
    await mp.tapText('办事指南') // a grid entry of the home floors
    expect(mp.errors).toEqual([])
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/home/index', 'packages/news/service-guide/index'])
    expect(mp.requests.some((r) => r.url.startsWith('/app/cms/information/') && r.status === 200)).toBe(true)
    expect(pageText().length).toBeGreaterThan(20)
  })

  it('opens every page of app.json (wx.reLaunch), each rendering with no error', async () => {
    const failures: string[] = []
    for (const route of mp.routes) {
      const before = mp.errors.length
      const page = await mp.reLaunch(`/${route}`)
      const errors = mp.errors.slice(before)
      if (errors.length) failures.push(`${route}:\n  ${errors.join('\n  ')}`)
      else if (!rootOf(page).cn?.length) failures.push(`${route}: rendered nothing`)
    }
    expect(failures).toEqual([])
    expect(new Set(mp.routes)).toEqual(new Set(ROUTES))
  })
})
