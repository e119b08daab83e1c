/**
 * A headless WeChat mini-program runtime for the built `dist/weapp` (issue 17): it runs app.js and
 * the pages of app.json the way the WeChat client's logic layer does, with a `wx` whose storage,
 * network and navigation are real, and records every thrown error and console.error.
 *
 * What WeChat's own npm tools can and cannot do with Taro's output (evaluated 2026-11-25, all from
 * the npm registry, nothing downloaded at install or run time):
 * - miniprogram-simulate 1.6 (+ j-component 1.4, miniprogram-exparser 2.29, miniprogram-compiler
 *   0.2 which ships WeChat's `wcc`/`wcsc` compilers as Linux binaries inside the package): loads and
 *   renders one *custom component* (`Component()`), compiling its WXML with the real `wcc`; wcc
 *   compiles Taro's whole output (base.wxml, 234 templates, utils.wxs) in ~0.3 s. It has no `App()`
 *   or `Page()`, no page stack or lifecycles (onLaunch/onShow, onLoad/onShow/onReady), no tab bar,
 *   and its `wx` is a complete API surface whose answers are canned (request answers `{}` after
 *   100 ms, storage keeps nothing, navigation does nothing). It runs the component's JS with
 *   Node's `require` in the test's own global scope next to a jsdom DOM, so a page that reads
 *   `window`, `self` or `process` would pass there and fail on a phone. A Taro page is a `Page()`
 *   whose view is Taro's recursive template fed by `setData` paths (`root.cn.0.cn.1…`): j-component
 *   cannot run the page, but it does draw the view from the data the logic produced, with the
 *   templates compiled by wcc (base.wxml's dynamic `<template is>` and utils.wxs included; Taro's
 *   `comp` for trees deeper than 15 levels left out) — view.ts, used by app.test.ts. (wcc's runtime
 *   once logged "Template `tmpl_0_i` not found" there: NutUI's icons were `<i>` elements, which
 *   base.wxml has no template for, so no icon was drawn on a phone; platform/weapp/icons.ts makes
 *   them views, and this harness now fails on any node base.wxml cannot draw.)
 * - miniprogram-ci 2.1: `analyseCode` and `checkCodeQuality` work offline (with any private key,
 *   never used): WeChat's own file list per package and its size rules (PACKAGE_SIZE_LIMIT with
 *   the per-package sizes, CONTAINS_OTHER_PKG_JS: a main-package file only subpackages use). Those
 *   rules see files, not the modules inside a chunk: zod inside vendors.js is "used by the main
 *   package" to them. `getCompiledResult`, `preview` and `upload` call WeChat's servers (they fail
 *   here with ENOTFOUND): no offline compile through it.
 * So this file is the part those tools do not have (the logic layer): the app and page lifecycles, the page stack
 * (WeChat's navigation rules, tab pages kept alive), `wx.request` as real HTTP, storage, taps
 * (WeChat's bubbling through the templates' `bindtap`/`catchtap`), in a V8 context holding only
 * the globals of WeChat's logic layer (no window, document, self, process, URL or TextEncoder).
 * It takes miniprogram-simulate's `wx` as the API surface and replaces what must be real, and
 * models as WeChat documents them: the privacy API (getPrivacySetting, onNeedPrivacyAuthorization
 * holding a privacy call until resolve, `<button open-type="agreePrivacyAuthorization">`), the
 * phone-number button and wx.login with codes the test's fake WeChat issues, navigateToMiniProgram
 * (recorded), wx.requestSubscribeMessage (shown only while a tap is handled; the test's answer per
 * template, or one of the documented fail codes: subscribeDialog), an entry page the package lacks (App.onPageNotFound), and the app's clock (`Date` in
 * its context, moved by advanceClock(), so windows of seconds or minutes need no waiting).
 * Package sizes are checked with miniprogram-ci (sizes.test.ts).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'

const nodeRequire = createRequire(import.meta.url)

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Callback = (res: Record<string, unknown>) => void
interface AsyncOptions {
  success?: Callback
  fail?: Callback
  complete?: Callback
  [key: string]: unknown
}
type Hook = (this: PageInstance, ...args: unknown[]) => unknown

/** A page as WeChat makes it from the object given to `Page()`. */
export interface PageInstance {
  route: string
  __route__: string
  options: Record<string, string>
  data: Record<string, Json>
  setData(patch: Record<string, unknown>, cb?: () => void): void
  [key: string]: unknown
}

/** A node of Taro's page tree as it travels through setData (`nn` node name, `v` text, `cn` children). */
export interface TaroNode {
  nn?: string
  sid?: string
  uid?: string
  v?: string
  cn?: TaroNode[]
  [prop: string]: Json | TaroNode[] | undefined
}

interface AppJson {
  pages: string[]
  subPackages?: Array<{ root: string; pages: string[] }>
  tabBar?: { list: Array<{ pagePath: string; text: string }> }
}

export interface MiniProgramOptions {
  /** The built mini-program (dist/weapp). */
  dir: string
  /** Origins the build calls, mapped to where they answer (the build's gateway → the test's). */
  hosts: Record<string, string>
  /** Query of the launch (scene 1001, the entry page). */
  launchQuery?: Record<string, string>
  /**
   * WeChat's record of the user's authorization of the app's privacy guideline (wx.getPrivacySetting):
   * true (the default) until they agree through an `agreePrivacyAuthorization` button.
   */
  needPrivacyAuthorization?: boolean
  /**
   * What the WeChat client gets from WeChat for this user: a wx.login code, and the code of the
   * phone-number button (by default codes nobody issued, which the gateway refuses).
   */
  wechat?: { loginCode?: () => Promise<string>; phoneCode?: () => Promise<string> }
}

export interface RequestRecord {
  method: string
  url: string
  status: number | 'failed'
  /** The answer's body (parsed JSON, or text). */
  data?: unknown
}

/** A call of a WeChat API that reaches the person or WeChat's servers (what tests check before consent). */
export interface ApiCall {
  api: string
  args: Record<string, unknown>
}

/** What the person picks in WeChat's subscribe dialog for a template (wx.requestSubscribeMessage's answer per id). */
export type SubscribeChoice = 'accept' | 'reject' | 'ban' | 'filter'

/**
 * wx.requestSubscribeMessage's fail codes and messages (its documentation's table): 10001 empty
 * tmplIds, 10002 / 10003 network, 10004 an id that is not a string, 10005 the dialog cannot show,
 * 20001 no such template for the app, 20002 one-time and long-term ids mixed, 20003 too many ids,
 * 20004 the user switched subscribe messages off (the main switch), 20005 the app is banned from them.
 */
export const SUBSCRIBE_ERRORS = {
  10001: "TmplIds can't be empty",
  10002: 'Request list fail',
  10003: 'Request subscribe fail',
  10004: 'Invalid template id',
  10005: 'Cannot show subscribe message UI',
  20001: 'No template data return, verify the template id exist',
  20002: 'Templates type must be same',
  20003: 'Templates count out of max bounds',
  20004: 'The main switch is switched off',
  20005: 'This mini program was banned from subscribing messages',
} as const
export type SubscribeErrorCode = keyof typeof SUBSCRIBE_ERRORS

/** The most template ids one wx.requestSubscribeMessage takes (its documentation). */
const SUBSCRIBE_MAX_IDS = 5

const SET_DATA_LIMIT = 1024 * 1024 // WeChat refuses a setData payload above 1 MB
const SETTLE_TIMER_MS = 1000 // timers at most this long are waited for by settle()

export class MiniProgram {
  readonly errors: string[] = []
  readonly warnings: string[] = []
  readonly requests: RequestRecord[] = []
  readonly toasts: string[] = []
  readonly navigations: string[] = []
  readonly storage = new Map<string, unknown>()
  /** wx.login, the phone-number button, navigateToMiniProgram, requestSubscribeMessage… in order (see ApiCall). */
  readonly apiCalls: ApiCall[] = []
  /** WeChat's privacy record (wx.getPrivacySetting's needAuthorization). */
  needPrivacyAuthorization: boolean
  /**
   * WeChat's subscribe dialog (wx.requestSubscribeMessage), as the test sets it: `answers` holds the
   * app's templates (those WeChat knows for it; another id is 20001) and what the person picks for
   * each; `failWith` makes the whole call fail with that code instead (20004: the user's main
   * switch is off). Asked outside a tap, WeChat shows nothing and the call fails.
   */
  readonly subscribeDialog: { answers: Record<string, SubscribeChoice>; failWith: SubscribeErrorCode | null } = { answers: {}, failWith: null }
  readonly appJson: AppJson
  /** The page stack, top last (what getCurrentPages() answers). */
  stack: PageInstance[] = []
  app: Record<string, unknown> | null = null

  private readonly context: vm.Context
  private readonly modules = new Map<string, { exports: unknown }>()
  private readonly pageDefinitions = new Map<string, Record<string, unknown>>()
  private readonly tabPages = new Map<string, PageInstance>()
  private readonly tapTemplates: Map<string, 'bind' | 'catch'>
  /** Node names base.wxml has a template for (`tmpl_0_<nn>`): a node of another name is not drawn. */
  private readonly drawable: Set<string>
  private readonly undrawable = new Set<string>()
  /** The `<button>` template of base.wxml: its node name and the data keys of its open-type and disabled. */
  private readonly buttonTemplate: { nn: string; openType: string; disabled: string } | null
  private loadingRoute: string | null = null
  private inflight = 0
  private shortTimers = new Set<unknown>()
  private webviewId = 0
  /** True while a tap's handlers run (WeChat's user gesture: what wx.requestSubscribeMessage needs). */
  private tapping = false
  /** How far the app's clock (Date in its context) is ahead of the host's: advanceClock(). */
  private clockOffset = 0
  /** onNeedPrivacyAuthorization listeners, and the privacy calls they hold. */
  private readonly privacyListeners: Array<(resolve: (answer: Record<string, unknown>) => void, info: { referrer: string }) => void> = []
  /** Ids of agreePrivacyAuthorization buttons the user tapped (WeChat checks resolve's buttonId against them). */
  private readonly agreeButtonsTapped = new Set<string>()
  private readonly onRejection = (reason: unknown) => this.fail('unhandled rejection', reason)

  constructor(private readonly options: MiniProgramOptions) {
    this.appJson = JSON.parse(fs.readFileSync(path.join(options.dir, 'app.json'), 'utf8')) as AppJson
    const baseWxml = fs.readFileSync(path.join(options.dir, 'base.wxml'), 'utf8')
    this.tapTemplates = readTapTemplates(baseWxml)
    this.buttonTemplate = readButtonTemplate(baseWxml)
    this.drawable = new Set([...baseWxml.matchAll(/<template name="tmpl_0_(\w+)">/g)].map((m) => m[1]))
    this.needPrivacyAuthorization = options.needPrivacyAuthorization ?? true
    this.context = vm.createContext(this.globals(), { name: 'weapp logic layer' })
    this.installClock()
    process.on('unhandledRejection', this.onRejection)
  }

  /**
   * Moves the app's clock forward (`Date.now()` and `new Date()` in its context; the host's timers
   * and the gateway's clock are not touched): windows of seconds or minutes without waiting.
   */
  advanceClock(ms: number): void {
    this.clockOffset += ms
  }

  private installClock(): void {
    const install = vm.runInContext(
      `(function (offset) {
        const Real = Date
        const now = () => Real.now() + offset()
        globalThis.Date = new Proxy(Real, {
          construct: (target, args, newTarget) => (args.length ? Reflect.construct(target, args, newTarget) : Reflect.construct(target, [now()], newTarget)),
          apply: () => new Real(now()).toString(),
          get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
        })
      })`,
      this.context,
    ) as (offset: () => number) => void
    install(() => this.clockOffset)
  }

  /** Every route of app.json: the main package's pages, then each subpackage's. */
  get routes(): string[] {
    return [...this.appJson.pages, ...(this.appJson.subPackages ?? []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
  }

  get tabRoutes(): string[] {
    return (this.appJson.tabBar?.list ?? []).map((t) => t.pagePath)
  }

  get currentPage(): PageInstance {
    const page = this.stack[this.stack.length - 1]
    if (!page) throw new Error('no page is open')
    return page
  }

  /**
   * Starts the app as WeChat does: app.js, App.onLaunch, App.onShow, then the entry page (by
   * default app.json's first; a link or QR code may name another). An entry page the package does
   * not have goes to App.onPageNotFound, which must open another one (WeChat shows its own "page not
   * found" otherwise: an error here).
   */
  async launch(entry = this.appJson.pages[0]): Promise<void> {
    this.entry = entry
    const launchOptions = this.launchOptions(entry)
    this.guard(() => this.load('app.js'))
    if (!this.app) throw new Error(`app.js did not call App():\n${this.errors.join('\n')}`)
    this.callHook(this.app, 'onLaunch', launchOptions)
    this.callHook(this.app, 'onShow', launchOptions)
    if (this.routes.includes(entry)) await this.open(entry, { ...this.options.launchQuery }, 'appLaunch')
    else {
      this.navigations.push(`pageNotFound ${entry}`)
      this.callHook(this.app, 'onPageNotFound', { path: entry, query: { ...this.options.launchQuery }, isEntryPage: true })
    }
    await this.settle()
    if (!this.stack.length) this.fail('launch', new Error(`page "${entry}" is not found and App.onPageNotFound opened no page`))
  }

  /**
   * Brings the running app to the foreground as WeChat does for a jump from another mini-program
   * (a hot start): App.onShow with the entry's path and query (scene 1037), no new launch; the
   * page on top shows again. `getLaunchOptionsSync` still answers the launch's.
   */
  async show(query: Record<string, string>, path = this.entry ?? this.appJson.pages[0]): Promise<void> {
    if (!this.app) throw new Error('the app was not launched')
    this.callHook(this.app, 'onShow', { path, query: { ...query }, scene: 1037, referrerInfo: {}, shareTicket: undefined, apiCategory: 'default' })
    if (this.stack.length) this.callHook(this.currentPage, 'onShow')
    await this.settle()
  }

  /** Taps the tab bar's item `index` as a person does: switchTab, then the page's onTabItemTap. */
  async tapTab(index: number): Promise<PageInstance> {
    const tab = this.appJson.tabBar?.list[index]
    if (!tab) throw new Error(`no tab ${index}`)
    await this.switchTab(`/${tab.pagePath}`)
    this.callHook(this.currentPage, 'onTabItemTap', { index, pagePath: tab.pagePath, text: tab.text })
    await this.settle()
    return this.currentPage
  }

  /** Opens a page the way wx.reLaunch does (every open page unloaded first). */
  async reLaunch(url: string): Promise<PageInstance> {
    await this.relaunchTo(url)
    await this.settle()
    return this.currentPage
  }

  /** wx.reLaunch: every open page unloaded, then `url` opened (it succeeds once the page is open). */
  private async relaunchTo(url: string): Promise<void> {
    const { route, query } = this.resolveUrl(url)
    for (const page of [...this.stack].reverse()) this.unload(page)
    for (const page of this.tabPages.values()) if (!this.stack.includes(page)) this.unload(page)
    this.stack = []
    this.tabPages.clear()
    await this.open(route, query, 'reLaunch')
  }

  /** The text the current page shows, all of it (its nodes' texts in document order). */
  pageText(): string {
    return textOf(rootOf(this.currentPage))
  }

  /**
   * Taps the innermost node whose text contains `text` on the current page: WeChat calls the
   * handler of every element from it up to the page that binds `tap` (a `catchtap` stops there).
   */
  async tapText(text: string): Promise<void> {
    const page = this.currentPage
    // A node whose whole text is `text` (a button's label), else the innermost one containing it.
    const trail =
      findTrail(rootOf(page), (node) => textOf(node).includes(text), (node) => textOf(node).trim() === text) ??
      findTrail(rootOf(page), (node) => textOf(node).includes(text))
    if (!trail) throw new Error(`no "${text}" on ${page.route}`)
    await this.tapTrail(page, trail, `"${text}"`)
  }

  /**
   * Taps the element whose accessible name (`aria-label`) is `label` on the current page, as
   * tapText does: a control with no text of its own (a switch named by its label).
   */
  async tapLabel(label: string): Promise<void> {
    const page = this.currentPage
    const labelled = (node: TaroNode) => node.ariaLabel === label
    const trail = findTrail(rootOf(page), (node) => holds(node, labelled), labelled)
    if (!trail) throw new Error(`nothing labelled "${label}" on ${page.route}`)
    await this.tapTrail(page, trail, `the element labelled "${label}"`)
  }

  /** A tap on the last node of `trail` (the nodes from the page's root down to it). */
  private async tapTrail(page: PageInstance, trail: TaroNode[], what: string): Promise<void> {
    const target = trail[trail.length - 1]
    let handled = false
    for (const node of [...trail].reverse()) {
      const binding = node.nn === undefined ? undefined : this.tapTemplates.get(node.nn)
      if (!binding) continue
      this.dispatch(page, node, target, 'tap', { x: 10, y: 10 })
      handled = true
      if (binding === 'catch') break
    }
    if (!handled) throw new Error(`${what} on ${page.route} is not inside anything that handles a tap`)
    const button = [...trail].reverse().find((node) => this.buttonTemplate && node.nn === this.buttonTemplate.nn)
    if (button) this.openType(page, button)
    await this.settle()
  }

  /** Calls the page's event handler (Taro's `eh`) as WeChat does for an event of `node`. */
  private dispatch(page: PageInstance, node: TaroNode, target: TaroNode, type: string, detail: Record<string, unknown>): void {
    const event = {
      type,
      timeStamp: Date.now(),
      target: { id: target.uid ?? target.sid ?? '', dataset: { sid: target.sid } },
      currentTarget: { id: node.uid ?? node.sid ?? '', dataset: { sid: node.sid } },
      detail,
      touches: [],
      changedTouches: [],
      mark: {},
    }
    this.tapping = type === 'tap'
    try {
      this.guard(() => (page.eh as (e: unknown) => unknown).call(page, event))
    } finally {
      this.tapping = false
    }
  }

  /**
   * What WeChat does after a tap on a `<button open-type>` (it does nothing when disabled):
   * - agreePrivacyAuthorization: the privacy guideline counts as agreed (getPrivacySetting answers
   *   false from now), the button's id is kept for resolve's check, and `agreeprivacyauthorization` fires;
   * - getPhoneNumber (a privacy component): through the privacy gate, then WeChat's phone sheet,
   *   which the person accepts: `getphonenumber` with the code WeChat issued (options.wechat).
   */
  private openType(page: PageInstance, button: TaroNode): void {
    const keys = this.buttonTemplate
    if (!keys || button[keys.disabled] === true) return
    const openType = button[keys.openType]
    if (openType === 'agreePrivacyAuthorization') {
      this.needPrivacyAuthorization = false
      this.agreeButtonsTapped.add(String(button.uid ?? button.sid ?? ''))
      this.apiCalls.push({ api: 'agreePrivacyAuthorization', args: { buttonId: String(button.uid ?? button.sid ?? '') } })
      this.dispatch(page, button, button, 'agreeprivacyauthorization', { errMsg: 'agreePrivacyAuthorization:ok' })
    } else if (openType === 'getPhoneNumber') {
      this.apiCalls.push({ api: 'getPhoneNumber', args: {} })
      void this.privacyGate('button.getPhoneNumber').then(
        async () => {
          this.inflight++
          try {
            const code = this.options.wechat?.phoneCode ? await this.options.wechat.phoneCode() : `harness-phone-${Date.now()}`
            this.dispatch(page, button, button, 'getphonenumber', { errMsg: 'getPhoneNumber:ok', code })
          } finally {
            this.inflight--
          }
        },
        (error: unknown) => this.dispatch(page, button, button, 'getphonenumber', { errMsg: `getPhoneNumber:fail ${describe(error)}` }),
      )
    }
  }

  /** Resolves once no call is in flight and no short timer is pending (max `limitMs`). */
  async settle(limitMs = 15_000): Promise<void> {
    const end = Date.now() + limitMs
    let quiet = 0
    while (quiet < 3) {
      if (Date.now() > end) throw new Error(`the app did not settle in ${limitMs} ms (${this.inflight} calls in flight, ${this.shortTimers.size} timers)`)
      await new Promise((resolve) => setTimeout(resolve, 20))
      quiet = this.inflight === 0 && this.shortTimers.size === 0 ? quiet + 1 : 0
    }
  }

  /** Unloads every page, ends the app; the context is dropped with this object. */
  close(): void {
    for (const page of [...this.stack].reverse()) this.unload(page)
    this.stack = []
    process.off('unhandledRejection', this.onRejection)
  }

  // —— the logic layer ——

  private globals(): Record<string, unknown> {
    // Keep the clock functions of the host: the test waits on them too.
    const timer =
      (set: (run: () => void, ms: number) => unknown, repeat: boolean) =>
      (fn: unknown, ms = 0, ...args: unknown[]) => {
        if (typeof fn !== 'function') throw new TypeError('setTimeout: callback must be a function')
        let handle: unknown = null
        const short = !repeat && Number(ms) <= SETTLE_TIMER_MS
        handle = set(() => {
          if (short) this.shortTimers.delete(handle)
          this.guard(() => fn(...args))
        }, Number(ms) || 0)
        if (short) this.shortTimers.add(handle)
        return handle
      }
    const clear = (handle: unknown) => {
      this.shortTimers.delete(handle)
      clearTimeout(handle as NodeJS.Timeout)
    }
    const record = (into: string[], prefix: string) => (...args: unknown[]) => into.push(`${prefix}${args.map(describe).join(' ')}`)
    return {
      console: {
        log: () => undefined,
        info: () => undefined,
        debug: () => undefined,
        warn: record(this.warnings, ''),
        error: record(this.errors, 'console.error: '),
      },
      setTimeout: timer(setTimeout, false),
      setInterval: timer(setInterval, true),
      clearTimeout: clear,
      clearInterval: clear,
      wx: this.wx(),
      App: (definition: Record<string, unknown>) => {
        this.app = { ...definition }
      },
      Page: (definition: Record<string, unknown>) => {
        if (!this.loadingRoute) throw new Error('Page() called outside a page file')
        this.pageDefinitions.set(this.loadingRoute, definition)
      },
      // comp.js (Taro's recursive template component) only lives in the view.
      Component: () => undefined,
      Behavior: (definition: unknown) => definition,
      getApp: () => this.app,
      getCurrentPages: () => [...this.stack],
      requirePlugin: (name: string) => {
        throw new Error(`plugin ${name} is not declared`)
      },
      __wxConfig: { ...this.appJson, envVersion: 'develop', platform: 'devtools' },
      // WeChat's `global`: an object the modules share, not the global scope (Taro's window copies it).
      global: {},
    }
  }

  /**
   * Runs a file of the package once (app.js and the pages by the runtime, `from` undefined), or
   * WeChat's `require` from the file `from`: relative to it, never into another subpackage.
   */
  private load(file: string, from?: string): unknown {
    const relative = path.posix.normalize(path.posix.join(path.posix.dirname(from ?? ''), file.endsWith('.js') ? file : `${file}.js`))
    const [fromRoot, toRoot] = [from === undefined ? undefined : this.packageOf(from), this.packageOf(relative)]
    if (from !== undefined && toRoot && toRoot !== fromRoot) {
      throw new Error(`module "${relative}" is not defined: ${from} (package ${fromRoot ?? 'main'}) cannot require a file of the subpackage ${toRoot}`)
    }
    const cached = this.modules.get(relative)
    if (cached) return cached.exports
    const absolute = path.join(this.options.dir, relative)
    if (!fs.existsSync(absolute)) throw new Error(`module "${relative}" is not defined (required by ${from ?? 'the runtime'})`)
    const wrapper = vm.runInContext(`(function (require, module, exports) {${fs.readFileSync(absolute, 'utf8')}\n})`, this.context, {
      filename: absolute,
    }) as (require: (f: string) => unknown, module: { exports: unknown }, exports: unknown) => void
    const module = { exports: {} as unknown }
    this.modules.set(relative, module)
    wrapper.call(module.exports, (f: string) => this.load(f, relative), module, module.exports)
    return module.exports
  }

  private packageOf(file: string): string | undefined {
    return (this.appJson.subPackages ?? []).find((s) => file.startsWith(`${s.root}/`))?.root
  }

  private entry: string | undefined

  private launchOptions(route: string) {
    return { path: route, query: { ...this.options.launchQuery }, scene: 1001, referrerInfo: {}, shareTicket: undefined, apiCategory: 'default' }
  }

  /** Runs `fn`; what it throws is an error of the app (WeChat reports it to App.onError). */
  private guard(fn: () => unknown): void {
    try {
      fn()
    } catch (error) {
      this.fail('thrown', error)
    }
  }

  private fail(kind: string, error: unknown): void {
    this.errors.push(`${kind}: ${describe(error)}`)
    const onError = this.app?.onError
    if (typeof onError === 'function') {
      try {
        onError.call(this.app, describe(error))
      } catch (inner) {
        this.errors.push(`App.onError threw: ${describe(inner)}`)
      }
    }
  }

  private callHook(target: Record<string, unknown>, name: string, ...args: unknown[]): void {
    const hook = target[name]
    if (typeof hook === 'function') this.guard(() => (hook as Hook).apply(target as PageInstance, args))
  }

  // —— pages and navigation (WeChat's rules) ——

  private resolveUrl(url: string): { route: string; query: Record<string, string> } {
    const [pathPart, search = ''] = url.split('?')
    const base = this.stack.length ? path.posix.dirname(this.currentPage.route) : ''
    const route = pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.normalize(path.posix.join(base, pathPart))
    if (!this.routes.includes(route)) throw new Error(`page "${route}" is not found`)
    const query: Record<string, string> = {}
    for (const pair of search.split('&').filter(Boolean)) {
      const eq = pair.indexOf('=')
      query[eq < 0 ? pair : pair.slice(0, eq)] = eq < 0 ? '' : pair.slice(eq + 1)
    }
    return { route, query }
  }

  private definitionOf(route: string): Record<string, unknown> {
    if (!this.pageDefinitions.has(route)) {
      this.loadingRoute = route
      try {
        this.load(`${route}.js`)
      } finally {
        this.loadingRoute = null
      }
    }
    const definition = this.pageDefinitions.get(route)
    if (!definition) throw new Error(`${route}.js did not call Page()`)
    return definition
  }

  /** Makes the page, pushes it, and runs onLoad, onShow and (after the first render) onReady. */
  private async open(route: string, query: Record<string, string>, how: string): Promise<void> {
    this.navigations.push(`${how} ${route}`)
    const definition = this.definitionOf(route)
    const page = this.instantiate(route, query, definition)
    const previous = this.stack[this.stack.length - 1]
    if (previous) this.callHook(previous, 'onHide')
    this.stack.push(page)
    if (this.tabRoutes.includes(route)) this.tabPages.set(route, page)
    this.callHook(page, 'onLoad', { ...query })
    this.callHook(page, 'onShow')
    // onReady follows the first render of the view.
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (this.stack.includes(page)) this.callHook(page, 'onReady')
  }

  private instantiate(route: string, query: Record<string, string>, definition: Record<string, unknown>): PageInstance {
    const program = this
    const webviewId = ++this.webviewId
    const page: PageInstance = {
      ...definition,
      data: clone((definition.data ?? {}) as Json) as Record<string, Json>,
      route,
      __route__: route,
      options: { ...query },
      __wxWebviewId__: webviewId,
      getPageId: () => `pageId:${webviewId}`,
      setData(patch: Record<string, unknown>, cb?: () => void) {
        program.setData(this, patch, cb)
      },
      selectComponent: () => null,
      selectAllComponents: () => [],
      createSelectorQuery: () => (program.context.wx as { createSelectorQuery(): unknown }).createSelectorQuery(),
      createIntersectionObserver: () => (program.context.wx as { createIntersectionObserver(): unknown }).createIntersectionObserver(),
      getOpenerEventChannel: () => ({ emit: () => undefined, on: () => undefined, once: () => undefined, off: () => undefined }),
      getTabBar: () => null,
    }
    return page
  }

  /** WeChat's setData: the payload crosses to the view as JSON (1 MB at most), paths like `root.cn.0.v`. */
  private setData(page: PageInstance, patch: Record<string, unknown>, cb?: () => void): void {
    const json = JSON.stringify(patch)
    if (json.length > SET_DATA_LIMIT) this.fail('setData', new Error(`${page.route}: a setData of ${json.length} bytes (WeChat's limit is 1 MB)`))
    const sent = JSON.parse(json) as Record<string, Json>
    for (const [key, value] of Object.entries(sent)) {
      assignPath(page.data, key, value)
      this.checkDrawable(page, value)
    }
    if (cb) this.context.setTimeout(cb, 0)
  }

  /**
   * Every node sent to the view must have a template in base.wxml, or WeChat draws nothing for it
   * (its runtime says only "Template `tmpl_0_<nn>` not found"): an element the React tree made with a
   * tag Taro's mini-program templates do not have (an HTML tag like `<i>`). Reported once per name.
   */
  private checkDrawable(page: PageInstance, value: Json): void {
    if (!value || typeof value !== 'object') return
    if (Array.isArray(value)) return value.forEach((item) => this.checkDrawable(page, item))
    const nn = value.nn
    if (typeof nn === 'string' && !this.drawable.has(nn) && !this.undrawable.has(nn)) {
      this.undrawable.add(nn)
      this.fail('view', new Error(`${page.route}: a <${nn}> node (class "${String(value.cl ?? '')}") has no template in base.wxml: WeChat draws nothing for it`))
    }
    for (const child of (value.cn as Json[] | undefined) ?? []) this.checkDrawable(page, child)
  }

  private unload(page: PageInstance): void {
    this.callHook(page, 'onUnload')
    for (const [route, tab] of this.tabPages) if (tab === page) this.tabPages.delete(route)
  }

  private async navigateTo(url: string): Promise<void> {
    if (this.stack.length >= 10) throw new Error('webview count limit exceed')
    const { route, query } = this.resolveUrl(url)
    if (this.tabRoutes.includes(route)) throw new Error('can not navigateTo a tabbar page')
    await this.open(route, query, 'navigateTo')
  }

  private async redirectTo(url: string): Promise<void> {
    const { route, query } = this.resolveUrl(url)
    if (this.tabRoutes.includes(route)) throw new Error('can not redirectTo a tabbar page')
    const top = this.stack.pop()
    if (top) this.unload(top)
    await this.open(route, query, 'redirectTo')
  }

  private async switchTab(url: string): Promise<void> {
    const { route } = this.resolveUrl(url.split('?')[0])
    if (!this.tabRoutes.includes(route)) throw new Error('can not switchTab to a page that is not in the tab bar')
    const current = this.stack[this.stack.length - 1]
    if (this.stack.length === 1 && current?.route === route) return
    this.navigations.push(`switchTab ${route}`)
    // Every page that is not a tab page is closed; the tab pages stay alive, hidden.
    for (const page of [...this.stack].reverse()) {
      if (this.tabRoutes.includes(page.route)) {
        if (page.route !== route) this.callHook(page, 'onHide')
      } else this.unload(page)
    }
    const kept = this.tabPages.get(route)
    if (kept) {
      this.stack = [kept]
      this.callHook(kept, 'onShow')
    } else {
      this.stack = []
      await this.open(route, {}, 'switchTab')
    }
  }

  private navigateBack(delta = 1): void {
    for (let i = 0; i < Math.max(1, delta) && this.stack.length > 1; i++) this.unload(this.stack.pop() as PageInstance)
    this.navigations.push(`navigateBack ${this.currentPage.route}`)
    this.callHook(this.currentPage, 'onShow')
  }

  // —— wx ——

  private wx(): Record<string, unknown> {
    const simulated = nodeRequire('miniprogram-simulate/src/api') as Record<string, unknown>
    const program = this
    /** WeChat's async API shape: callbacks, or a promise when none is given. */
    const asyncApi =
      (name: string, run: (options: AsyncOptions) => Promise<Record<string, unknown>> | Record<string, unknown>) =>
      (options: AsyncOptions = {}) => {
        const promised = !options.success && !options.fail && !options.complete
        const result = (async () => ({ errMsg: `${name}:ok`, ...(await run(options)) }))()
        const settled = result.then(
          (res) => {
            options.success?.(res)
            options.complete?.(res)
            return res
          },
          (error: unknown) => {
            const errCode = (error as { errCode?: unknown } | null)?.errCode
            const res = { errMsg: `${name}:fail ${error instanceof Error ? error.message : String(error)}`, ...(typeof errCode === 'number' ? { errCode } : {}) }
            options.fail?.(res)
            options.complete?.(res)
            if (promised) throw res
            return res
          },
        )
        if (promised) return settled
        settled.catch(() => undefined)
        return undefined
      }
    const stored = (key: string) => (this.storage.has(key) ? clone(this.storage.get(key) as Json) : '')
    return {
      ...simulated,
      getStorageSync: (key: string) => stored(key),
      setStorageSync: (key: string, value: unknown) => {
        if (value === undefined) throw new Error('setStorageSync:fail parameter error: data is undefined')
        this.storage.set(key, clone(value as Json))
      },
      removeStorageSync: (key: string) => void this.storage.delete(key),
      clearStorageSync: () => this.storage.clear(),
      getStorageInfoSync: () => ({ keys: [...this.storage.keys()], currentSize: 1, limitSize: 10240 }),
      getStorage: asyncApi('getStorage', ({ key }) => {
        if (!this.storage.has(String(key))) throw new Error('data not found')
        return { data: stored(String(key)) }
      }),
      setStorage: asyncApi('setStorage', ({ key, data }) => (this.storage.set(String(key), clone(data as Json)), {})),
      removeStorage: asyncApi('removeStorage', ({ key }) => (this.storage.delete(String(key)), {})),
      getLaunchOptionsSync: () => this.launchOptions(this.entry ?? this.appJson.pages[0]),
      getEnterOptionsSync: () => this.launchOptions(this.entry ?? this.appJson.pages[0]),
      getMenuButtonBoundingClientRect: () => ({ width: 87, height: 32, top: 48, right: 368, bottom: 80, left: 281 }),
      request: (options: AsyncOptions) => {
        const controller = new AbortController()
        asyncApi('request', (o) => this.request(o, controller.signal))(options)
        return { abort: () => controller.abort(), onHeadersReceived: () => undefined, offHeadersReceived: () => undefined }
      },
      showToast: asyncApi('showToast', ({ title }) => (this.toasts.push(String(title)), {})),
      showModal: asyncApi('showModal', ({ title, content }) => {
        this.toasts.push(`modal: ${String(title ?? '')} ${String(content ?? '')}`.trim())
        return { confirm: false, cancel: true }
      }),
      navigateTo: asyncApi('navigateTo', async ({ url }) => (await program.navigateTo(String(url)), { eventChannel: {} })),
      redirectTo: asyncApi('redirectTo', async ({ url }) => (await program.redirectTo(String(url)), {})),
      switchTab: asyncApi('switchTab', async ({ url }) => (await program.switchTab(String(url)), {})),
      reLaunch: asyncApi('reLaunch', async ({ url }) => (await program.relaunchTo(String(url)), {})),
      navigateBack: asyncApi('navigateBack', ({ delta }) => (program.navigateBack(Number(delta ?? 1)), {})),
      // —— WeChat identity (the codes come from the test's fake WeChat) ——
      login: asyncApi('login', async () => {
        this.apiCalls.push({ api: 'login', args: {} })
        this.inflight++
        try {
          return { code: this.options.wechat?.loginCode ? await this.options.wechat.loginCode() : `harness-login-${Date.now()}` }
        } finally {
          this.inflight--
        }
      }),
      navigateToMiniProgram: asyncApi('navigateToMiniProgram', ({ appId, path: page, extraData, envVersion }) => {
        if (typeof appId !== 'string' || !/^wx[0-9a-zA-Z]{14,18}$/.test(appId)) throw new Error('invalid appId')
        this.apiCalls.push({ api: 'navigateToMiniProgram', args: { appId, path: page ?? '', extraData: extraData ?? null, envVersion: envVersion ?? 'release' } })
        return {}
      }),
      // —— privacy (base library 2.32.3+; https://developers.weixin.qq.com/miniprogram/dev/framework/user-privacy/PrivacyAuthorize.html) ——
      getPrivacySetting: asyncApi('getPrivacySetting', () => ({ needAuthorization: this.needPrivacyAuthorization, privacyContractName: '《ESS小程序隐私保护指引》' })),
      onNeedPrivacyAuthorization: (listener: unknown) => {
        if (typeof listener !== 'function') throw new TypeError('onNeedPrivacyAuthorization: listener must be a function')
        this.privacyListeners.push(listener as (typeof this.privacyListeners)[number])
      },
      requirePrivacyAuthorize: asyncApi('requirePrivacyAuthorize', () => this.privacyGate('requirePrivacyAuthorize').then(() => ({}))),
      // —— subscribe messages (https://developers.weixin.qq.com/miniprogram/dev/api/open-api/subscribe-message/wx.requestSubscribeMessage.html) ——
      requestSubscribeMessage: (options: AsyncOptions = {}) => {
        // Read now: WeChat shows its dialog only while a tap is being handled (base library 2.8.2+).
        const duringTap = this.tapping
        const tmplIds = Array.isArray(options.tmplIds) ? [...(options.tmplIds as unknown[])] : options.tmplIds
        this.apiCalls.push({ api: 'requestSubscribeMessage', args: { tmplIds, duringTap } })
        return asyncApi('requestSubscribeMessage', () => this.subscribe(tmplIds, duringTap))(options)
      },
      chooseImage: asyncApi('chooseImage', async () => {
        await this.privacyGate('chooseImage')
        this.apiCalls.push({ api: 'chooseImage', args: {} })
        throw new Error('cancel')
      }),
    }
  }

  /**
   * WeChat's subscribe dialog: refused outside a tap (WeChat's "can only be invoked by user TAP
   * gesture", which documents no errCode), then the test's `failWith`, then the checks of the
   * documented table on tmplIds; otherwise the person's pick for each id, keyed by the id, beside
   * errMsg ('requestSubscribeMessage:ok').
   */
  private subscribe(tmplIds: unknown, duringTap: boolean): Record<string, unknown> {
    const fail = (errCode: SubscribeErrorCode) => Object.assign(new Error(SUBSCRIBE_ERRORS[errCode]), { errCode })
    if (!duringTap) throw new Error('can only be invoked by user TAP gesture.')
    if (this.subscribeDialog.failWith !== null) throw fail(this.subscribeDialog.failWith)
    if (!Array.isArray(tmplIds) || !tmplIds.length) throw fail(10001)
    if (tmplIds.some((id) => typeof id !== 'string' || !id)) throw fail(10004)
    if (tmplIds.length > SUBSCRIBE_MAX_IDS) throw fail(20003)
    const answers = this.subscribeDialog.answers
    if (tmplIds.some((id) => !Object.hasOwn(answers, id as string))) throw fail(20001)
    return Object.fromEntries((tmplIds as string[]).map((id) => [id, answers[id]]))
  }

  /**
   * A privacy API or component used (WeChat's rules): at once when WeChat's record says the user
   * agreed; otherwise the app's onNeedPrivacyAuthorization listeners are told and the call waits
   * for their resolve — 'agree' with the id of an agreePrivacyAuthorization button the user
   * tapped goes on, 'disagree' fails ("privacy permission is not authorized"). Without a listener
   * WeChat would show its own dialog; the harness fails the call, as a person who closes it.
   */
  private privacyGate(referrer: string): Promise<void> {
    if (!this.needPrivacyAuthorization) return Promise.resolve()
    this.apiCalls.push({ api: 'needPrivacyAuthorization', args: { referrer } })
    if (!this.privacyListeners.length) return Promise.reject(new Error('privacy permission is not authorized'))
    // A held call waits for the person (settle() does not wait for it).
    return new Promise<void>((resolve, reject) => {
      let settled = false
      const answer = (raw: Record<string, unknown>) => {
        const event = raw?.event
        if (settled || event === 'exposureAuthorization') return
        settled = true
        if (event === 'agree' && typeof raw.buttonId === 'string' && this.agreeButtonsTapped.has(raw.buttonId) && !this.needPrivacyAuthorization) resolve()
        else if (event === 'agree') {
          this.fail('privacy', new Error(`resolve({event:'agree'}) without a tapped agreePrivacyAuthorization button (buttonId ${String(raw.buttonId)})`))
          reject(new Error('privacy permission is not authorized'))
        } else reject(new Error('privacy permission is not authorized'))
      }
      for (const listener of this.privacyListeners) this.guard(() => listener(answer, { referrer }))
    })
  }

  /** wx.request as WeChat sends it: GET data joins the query, an object body goes as JSON. */
  private async request(options: AsyncOptions, signal: AbortSignal): Promise<Record<string, unknown>> {
    const method = String(options.method ?? 'GET').toUpperCase()
    const original = new URL(String(options.url))
    const origin = this.options.hosts[original.origin]
    if (!origin) throw new Error(`url not in domain list: ${original.origin}`)
    const url = new URL(original.pathname + original.search, origin)
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries((options.header ?? {}) as Record<string, unknown>)) headers[k] = String(v)
    const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1]
    let body: string | undefined
    const data = options.data
    if (method === 'GET') {
      if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) url.searchParams.append(k, String(v))
    } else if (data !== undefined) {
      if (typeof data === 'string') body = data
      else if (contentType?.includes('application/x-www-form-urlencoded')) body = new URLSearchParams(data as Record<string, string>).toString()
      else {
        body = JSON.stringify(data)
        if (!contentType) headers['content-type'] = 'application/json'
      }
    }
    this.inflight++
    const record: RequestRecord = { method, url: `${original.pathname}${original.search}`, status: 'failed' }
    this.requests.push(record)
    try {
      const timeout = AbortSignal.timeout(Number(options.timeout ?? 60_000))
      const response = await fetch(url, { method, headers, body, signal: AbortSignal.any([signal, timeout]) })
      const text = await response.text()
      record.status = response.status
      const header: Record<string, string> = {}
      response.headers.forEach((value, key) => (header[key] = value))
      // Parsed by the app's own realm, as WeChat hands the app plain objects of its own.
      const json = vm.runInContext('JSON', this.context) as JSON
      let parsed: unknown = text
      if ((options.dataType ?? 'json') === 'json') {
        try {
          parsed = json.parse(text)
        } catch {
          /* WeChat leaves text that is not JSON as it is */
        }
      }
      record.data = parsed
      return { data: parsed, statusCode: response.status, header, cookies: response.headers.getSetCookie() }
    } catch (error) {
      throw new Error(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : describe(error))
    } finally {
      this.inflight--
    }
  }
}

// —— the page tree ——

export function rootOf(page: PageInstance): TaroNode {
  return (page.data.root ?? { cn: [] }) as unknown as TaroNode
}

/** The text of a node and everything under it. */
export function textOf(node: TaroNode): string {
  return (node.v ?? '') + (node.cn ?? []).map(textOf).join('')
}

/** Whether `node` or a node under it is one `match` accepts. */
function holds(node: TaroNode, match: (n: TaroNode) => boolean): boolean {
  return match(node) || (node.cn ?? []).some((child) => holds(child, match))
}

/**
 * The nodes from `node` down to the innermost one `match` accepts (through nodes it accepts), or
 * null; with `end`, down to the first node `end` accepts.
 */
function findTrail(node: TaroNode, match: (n: TaroNode) => boolean, end?: (n: TaroNode) => boolean): TaroNode[] | null {
  if (!match(node)) return null
  if (end?.(node) && !(node.cn ?? []).some(end)) return [node]
  for (const child of node.cn ?? []) {
    const deeper = findTrail(child, match, end)
    if (deeper) return [node, ...deeper]
  }
  return end ? null : [node]
}

/** The templates of base.wxml whose element handles taps: `tmpl_0_<nn>` → bind or catch. */
function readTapTemplates(wxml: string): Map<string, 'bind' | 'catch'> {
  const found = new Map<string, 'bind' | 'catch'>()
  for (const match of wxml.matchAll(/<template name="tmpl_0_(\w+)">\s*<[\w-]+([^>]*)>/g)) {
    if (/\bcatchtap="eh"/.test(match[2])) found.set(match[1], 'catch')
    else if (/\bbindtap="eh"/.test(match[2])) found.set(match[1], 'bind')
  }
  return found
}

/** base.wxml's `<button>` template: the data keys Taro gave its open-type and disabled attributes. */
function readButtonTemplate(wxml: string): { nn: string; openType: string; disabled: string } | null {
  const match = /<template name="tmpl_0_(\w+)">\s*<button([^>]*)>/.exec(wxml)
  const openType = match && /\bopen-type="\{\{i\.(\w+)\}\}"/.exec(match[2])
  const disabled = match && /\bdisabled="\{\{i\.(\w+)\}\}"/.exec(match[2])
  return match && openType && disabled ? { nn: match[1], openType: openType[1], disabled: disabled[1] } : null
}

/** Sets `value` at a setData path: `root.cn.0.v`, `list[2].name`. */
function assignPath(target: Record<string, Json>, key: string, value: Json): void {
  const parts = key.split(/\.|\[|\]/).filter(Boolean)
  let node: Record<string, Json> | Json[] = target
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]
    const container = node as Record<string, Json>
    if (container[part] === null || typeof container[part] !== 'object') container[part] = /^\d+$/.test(parts[i + 1]) ? [] : {}
    node = container[part] as Record<string, Json>
  }
  ;(node as Record<string, Json>)[parts[parts.length - 1]] = value
}

function clone<T extends Json>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

function describe(value: unknown): string {
  if (value instanceof Error || (value && typeof value === 'object' && 'stack' in value && 'message' in value)) {
    const error = value as Error
    return `${error.message}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`
  }
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
