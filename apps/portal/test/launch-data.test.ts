import { readFileSync } from 'node:fs'
import path from 'node:path'
import { LAUNCH_DATA_ID, LAUNCH_DATA_MARK, type CmsPage, type LaunchData } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { floorsOf, loadFloors, prefetchLaunchFloors, resetFloors } from '../src/core/cms/floors'
import { localeStore } from '../src/i18n/store'
import { readLaunchData } from '../src/platform/h5/system'
import { LAUNCH_CHUNKS_ID, LAUNCH_CHUNKS_MARK, type LaunchChunks } from '../config/launch-chunks'
import { STORAGE_KEYS } from '../src/core/storage/keys'
import { installTestPlatform, ok } from './helpers'

const page = (version: number, title = '工资条'): CmsPage => ({
  pageCode: 'homepage',
  version,
  floorList: [{ id: 'b', sort: 1, component: 'banner', slides: [{ image: { url: '/app/media/cms/banner-payroll.0f4b38c580ec.svg', width: 690, height: 300 }, title, item: null }] }],
})
const DATA: LaunchData = {
  floors: { homepage: { 'zh-CN': page(3), 'en-US': page(3, 'Payslips') } },
  preload: { '': ['/app/media/cms/banner-payroll.0f4b38c580ec.svg'], 'pages/home/index': ['/app/media/cms/banner-payroll.0f4b38c580ec.svg'] },
}

/** The page's data block, as the gateway writes it (plugins/portal.ts). */
function carry(data: unknown) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = LAUNCH_DATA_ID
  block.textContent = typeof data === 'string' ? data : JSON.stringify(data)
  document.head.appendChild(block)
}

beforeEach(() => {
  vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
  resetFloors()
})
afterEach(() => {
  vi.restoreAllMocks()
  document.head.innerHTML = ''
  localeStore.setState({ locale: 'zh-CN' })
  window.location.hash = ''
})

describe("the H5 page's launch data", () => {
  it('is read from its block; absent or unreadable, there is none', () => {
    expect(readLaunchData(document)).toBeNull()
    carry(DATA)
    expect(readLaunchData(document)).toEqual(DATA)
    document.head.innerHTML = ''
    carry('{"floors":')
    expect(readLaunchData(document)).toBeNull()
    document.head.innerHTML = ''
    carry('null')
    expect(readLaunchData(document)).toBeNull()
  })

  it("gives the home page its floors in the app's language with no call; the window of 600 s starts then", async () => {
    const { server } = installTestPlatform()
    server.reply(ok(page(4)))
    localeStore.setState({ locale: 'en-US' })
    let t = 5_000_000
    prefetchLaunchFloors('', DATA, { now: () => t })
    expect(floorsOf('homepage')).toMatchObject({ loading: false, failed: false, locale: 'en-US', page: { version: 3 } })
    const banner = floorsOf('homepage').page?.floorList[0]
    expect(banner?.component === 'banner' && banner.slides[0]?.title).toBe('Payslips')
    expect((await loadFloors('homepage', { now: () => t }))?.version).toBe(3)
    expect(server.requests).toHaveLength(0)
    t += 601_000
    expect((await loadFloors('homepage', { now: () => t }))?.version).toBe(4)
    expect(server.requests).toHaveLength(1)
  })

  it('asks as before when the page carried nothing for the launch (no block, another page code)', () => {
    const { server } = installTestPlatform()
    server.reply(ok(page(5)))
    prefetchLaunchFloors('pages/home/index', { floors: { homepage: { 'zh-CN': { ...page(1), pageCode: 'servicegrid' } } }, preload: {} })
    expect(floorsOf('homepage').page).toBeNull()
    expect(server.requests).toHaveLength(1)
  })
})

describe("index.html's preload script", () => {
  const html = readFileSync(path.resolve(__dirname, '../src/index.html'), 'utf8')
  const afterMark = html.slice(html.indexOf(LAUNCH_DATA_MARK))
  const script = /<script>([\s\S]*?)<\/script>/.exec(afterMark)?.[1] ?? ''
  const run = () => new Function(script)()
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => [l.getAttribute('as'), l.getAttribute('href'), l.getAttribute('fetchpriority')])

  it('comes in the head after the marks of the build\'s and the gateway\'s blocks, before the stylesheets and scripts the build adds', () => {
    expect(html.indexOf(LAUNCH_CHUNKS_MARK)).toBeGreaterThan(html.indexOf('<meta charset'))
    expect(html.indexOf(LAUNCH_CHUNKS_MARK)).toBeLessThan(html.indexOf(LAUNCH_DATA_MARK))
    expect(html.indexOf(LAUNCH_DATA_MARK)).toBeLessThan(html.indexOf('</head>'))
    expect(afterMark.indexOf('<script>')).toBeLessThan(afterMark.indexOf('</head>'))
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/<link rel="stylesheet"|<script type="module"/)
  })

  it("reads the contract's block, the build's block and the language's storage key", () => {
    expect(script).toContain(`j("${LAUNCH_DATA_ID}")`)
    expect(script).toContain(`j("${LAUNCH_CHUNKS_ID}")`)
    expect(script).toContain(`localStorage.getItem("${STORAGE_KEYS.locale}")`)
  })

  it('asks early for the chunks and styles of the launch route and of the stored language, only those', () => {
    const chunks = document.createElement('script')
    chunks.type = 'application/json'
    chunks.id = LAUNCH_CHUNKS_ID
    chunks.textContent = JSON.stringify({
      files: ['js/newsDetail.1a2b3c4d.js', 'js/common-lazy.5e6f7a8b.js', 'static/css/common-lazy.9c0d1e2f.css', 'js/locale-en-US.3a4b5c6d.js'],
      routes: { 'packages/news/newsDetail': [0, 1, 2], 'pages/user-center/index': [1] },
      locales: { 'en-US': [3] },
    } satisfies LaunchChunks)
    document.head.appendChild(chunks)
    const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('as')])
    window.location.hash = '#/packages/news/newsDetail?id=si-base-2026'
    run()
    expect(links()).toEqual([
      ['modulepreload', '/js/newsDetail.1a2b3c4d.js', null],
      ['modulepreload', '/js/common-lazy.5e6f7a8b.js', null],
      ['preload', '/static/css/common-lazy.9c0d1e2f.css', 'style'],
    ])
    document.head.querySelectorAll('link').forEach((l) => l.remove())
    localStorage.setItem(STORAGE_KEYS.locale, 'en-US')
    window.location.hash = ''
    run()
    expect(links()).toEqual([['modulepreload', '/js/locale-en-US.3a4b5c6d.js', null]])
    localStorage.removeItem(STORAGE_KEYS.locale)
  })

  it('fetches early the pictures listed for the launch route, only those', () => {
    carry(DATA)
    // A link's fetch starts as it is put in the page: its priority must be set by then.
    const inserted: Array<string | null> = []
    const appendChild = vi.spyOn(document.head, 'appendChild').mockImplementation(function (this: HTMLHeadElement, node) {
      if (node instanceof HTMLLinkElement) inserted.push(node.getAttribute('fetchpriority'))
      return HTMLElement.prototype.appendChild.call(this, node) as typeof node
    })
    run()
    appendChild.mockRestore()
    expect(inserted).toEqual(['high'])
    expect(preloads()).toEqual([['image', '/app/media/cms/banner-payroll.0f4b38c580ec.svg', 'high']])
    document.head.querySelectorAll('link').forEach((l) => l.remove())
    window.location.hash = '#/pages/home/index?from=app'
    run()
    expect(preloads()).toHaveLength(1)
    document.head.querySelectorAll('link').forEach((l) => l.remove())
    window.location.hash = '#/packages/news/newsDetail?id=1'
    run()
    expect(preloads()).toEqual([])
  })

  it('does nothing without a block or with a broken one', () => {
    expect(run).not.toThrow()
    carry('{')
    expect(run).not.toThrow()
    expect(preloads()).toEqual([])
  })
})
