import fs from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MiniProgram } from './harness'

/** The harness itself, on a small hand-written mini-program: it must see what WeChat would refuse. */
const dir = fs.mkdtempSync(path.join(tmpdir(), 'ess-harness-'))
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}
write(
  'app.json',
  JSON.stringify({
    pages: ['pages/home/index', 'pages/tab/index', 'pages/broken/index', 'pages/subscribe/index'],
    subPackages: [
      { root: 'packages/a', pages: ['page'] },
      { root: 'packages/b', pages: ['page'] },
    ],
    tabBar: { list: [{ pagePath: 'pages/home/index', text: 'Home' }, { pagePath: 'pages/tab/index', text: 'Tab' }] },
  }),
)
write('base.wxml', '<template name="tmpl_0_1">\n  <view bindtap="eh" id="{{i.sid}}"></view>\n</template>\n')
write(
  'app.js',
  `App({ onLaunch() { this.globals = ['window', 'document', 'self', 'process', 'TextEncoder', 'URL', 'wx', 'getApp'].filter((n) => typeof globalThis[n] !== 'undefined') } })`,
)
const page = (body: string) => `Page({ data: { root: { cn: [] } }, ${body} })`
write('pages/home/index.js', page(`onLoad() { this.setData({ 'root.cn[0]': { nn: '1', sid: 'go', cn: [{ v: 'Open A' }] } }) }, eh(e) { wx.navigateTo({ url: '/packages/a/page?x=1' }) }, shows: 0, onShow() { this.shows++ }`))
write('pages/tab/index.js', page(''))
write('pages/broken/index.js', page(`onLoad() { console.error('shown to the console'); setTimeout(() => { throw new Error('late failure') }, 5); throw new Error('load failure') }`))
// Asks for subscribe messages at load (no tap) and on each tap of its "Subscribe" control; keeps WeChat's answers.
write(
  'pages/subscribe/index.js',
  page(
    `results: [], ids: ['t-a', 't-b'], ask() { wx.requestSubscribeMessage({ tmplIds: this.ids, success: (r) => this.results.push(r), fail: (r) => this.results.push(r) }) }, onLoad() { this.setData({ 'root.cn[0]': { nn: '1', sid: 'sub', ariaLabel: 'Subscribe', cn: [] } }); this.ask() }, eh() { this.ask() }`,
  ),
)
write('packages/a/page.js', page(`onLoad(q) { this.query = q }`))
write('packages/b/page.js', `require('../a/page.js'); ${page('')}`)

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the harness (test/weapp/harness.ts)', () => {
  it("offers the logic layer's globals only", async () => {
    const mp = new MiniProgram({ dir, hosts: {} })
    await mp.launch()
    expect(mp.app?.globals).toEqual(['wx', 'getApp'])
    mp.close()
  })

  it('reports what is thrown, also later in a timer, and console.error', async () => {
    const mp = new MiniProgram({ dir, hosts: {} })
    await mp.launch()
    await mp.reLaunch('/pages/broken/index')
    expect(mp.errors.map((e) => e.split('\n')[0])).toEqual(['console.error: shown to the console', 'thrown: load failure', 'thrown: late failure'])
    mp.close()
  })

  it("follows WeChat's navigation: taps bubble to bindtap, tab pages stay alive, no require across subpackages", async () => {
    const mp = new MiniProgram({ dir, hosts: {} })
    await mp.launch()
    const home = mp.currentPage
    await mp.tapText('Open A')
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/home/index', 'packages/a/page'])
    expect(mp.currentPage.query).toEqual({ x: '1' })
    await mp.tapTab(1)
    expect(mp.stack.map((p) => p.route)).toEqual(['pages/tab/index'])
    expect(await mp.tapTab(0)).toBe(home)
    expect(home.shows).toBe(2) // launch, then back from the other tab
    expect(mp.errors).toEqual([])
    await expect(mp.reLaunch('/packages/b/page')).rejects.toThrow('cannot require a file of the subpackage packages/a')
    mp.close()
  })

  it("shows WeChat's subscribe dialog only in a tap, with the test's pick per template, else a documented fail code", async () => {
    const mp = new MiniProgram({ dir, hosts: {} })
    await mp.launch()
    await mp.reLaunch('/pages/subscribe/index')
    const page = mp.currentPage as unknown as { ids: string[]; results: unknown[] }
    mp.subscribeDialog.answers['t-a'] = 'accept'
    mp.subscribeDialog.answers['t-b'] = 'filter'
    await mp.tapLabel('Subscribe')
    page.ids = ['t-a', 't-unknown']
    await mp.tapLabel('Subscribe')
    page.ids = []
    await mp.tapLabel('Subscribe')
    mp.subscribeDialog.failWith = 20004
    page.ids = ['t-a']
    await mp.tapLabel('Subscribe')
    expect(page.results).toEqual([
      { errMsg: 'requestSubscribeMessage:fail can only be invoked by user TAP gesture.' },
      { errMsg: 'requestSubscribeMessage:ok', 't-a': 'accept', 't-b': 'filter' },
      { errMsg: 'requestSubscribeMessage:fail No template data return, verify the template id exist', errCode: 20001 },
      { errMsg: "requestSubscribeMessage:fail TmplIds can't be empty", errCode: 10001 },
      { errMsg: 'requestSubscribeMessage:fail The main switch is switched off', errCode: 20004 },
    ])
    expect(mp.apiCalls.map((c) => c.args.duringTap)).toEqual([false, true, true, true, true])
    expect(mp.errors).toEqual([])
    mp.close()
  })
})
