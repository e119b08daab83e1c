import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { execFileSync } from 'node:child_process'
import pkg from '../package.json'
import devConfig from './dev'
import { type ModuleGraph, type ModuleShape, assertStartUpChunks, shapeOf, startUpSet } from './start-up-set'
import prodConfig from './prod'
import { subPackageChunks } from './sub-package-chunks'
import { LAUNCH_CHUNKS_ID, LAUNCH_CHUNKS_MARK, launchChunks } from './launch-chunks'
import { LAUNCH_COST, MIN_GROUP_CODE, assertNoChunkCycle, lazyChunkNames } from './lazy-chunks'
import { oneStylesheet } from './one-stylesheet'
import { TAB_PAGES } from './tab-pages'

/**
 * Taro 4 build config (vite runner). GUIDE §2: designWidth 375 for @nutui files and 750 for ours,
 * hash router on H5, output by TARO_ENV.
 */
const SOURCE_DIR = path.resolve(__dirname, '..', 'src')

/**
 * Images imported by code are emitted as files with a content hash. (Taro's asset plugin inlines
 * every image as base64 as soon as a `limit` is set, so `limit: false` and our own file name.)
 */
const imageUrlLoaderOption = {
  limit: false,
  name: (file: string) => {
    const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 8)
    const ext = path.extname(file)
    return `static/images/${path.basename(file, ext)}.${hash}${ext}`
  },
}

/**
 * How the H5 build splits its JS. Taro's own rule puts every node_modules file in one `vendors`
 * chunk and every source file imported twice in one `common` chunk, both loaded at start, even
 * when only later pages use them. Here those two chunks keep only what the start-up runs (the app
 * entry and the home page, and what they import statically, followed by imported name through
 * re-exporting indexes: start-up-set.ts); what only lazily loaded parts use is grouped by the app
 * domains that use it (lazy-chunks.ts), loaded with the first page that needs it. A few libraries get chunks of
 * their own: jsencrypt (the OAEP fallback where WebCrypto is missing) and the form libraries of the
 * sign-in, registration and real-name pages, with the sign-in UI that uses them. zod goes with the
 * forms, and so do the modules of the contract that load it (its schemas): the start-up code
 * imports only `@ess/contract/wire`, which loads none.
 */
const OWN_CHUNKS: Array<[RegExp, string]> = [
  [/[\\/]node_modules[\\/]jsencrypt[\\/]/, 'jsencrypt'],
  // zod, its resolver for react-hook-form and every form schema of ours (they import nothing but zod,
  // the contract and each other): fetched by the sign-in and registration screens after their first
  // paint (src/core/forms/lazy.ts), at once by the other pages with forms.
  [/[\\/]node_modules[\\/](@hookform|zod)[\\/]/, 'forms'],
  [/[\\/]src[\\/]core[\\/](auth|security|real-name)[\\/]forms\.ts$/, 'forms'],
  [/[\\/]src[\\/]core[\\/]forms[\\/]schemas\.ts$/, 'forms'],
  // zod's configuration (jitless, core/zod-config.ts) with zod, so it runs before the contract's
  // schemas are made in this chunk; from common-lazy it ran after them (this chunk is imported first).
  [/[\\/]src[\\/]core[\\/]zod-config\.ts$/, 'forms'],
  // The sign-in UI and what it needs to draw its fields (react-hook-form), without zod. Not the
  // slider puzzle and the region list: parts of their own (components/auth-form/popups.ts), asked
  // for once the user begins and when the list is opened.
  [/[\\/]node_modules[\\/]react-hook-form[\\/]/, 'sign-in'],
  [/[\\/]src[\\/](components[\\/]auth-form[\\/]|core[\\/]forms[\\/](lazy|load|messages)\.ts$)/, 'sign-in'],
  // The account security forms (several pages each): a chunk beside the sign-in UI they build on,
  // never in a lazy group (lazy-chunks.ts), which the forms chunk may import (a cycle fails at
  // start-up). Like every form screen they validate through core/forms/lazy.ts (zod after the paint).
  [/[\\/]src[\\/]components[\\/]security[\\/]contact\.tsx$/, 'account-forms'],
  // The rules' messages and check digits (the contract's rule-messages.ts, rule-checks.ts): used by
  // the forms chunk's schemas and by pages without forms. In common-lazy they made a chunk cycle
  // with the forms chunk (forms → common-lazy → forms: "Cannot access … before initialization" on
  // the sign-in pages); a chunk of their own imports only the start-up's rule patterns.
  [/[\\/]packages[\\/]contract[\\/]src[\\/]rule-(messages|checks)\.ts$/, 'rule-messages'],
  // Shared by the first-launch consent panel, the update prompt and the sign-in forms: in common-lazy
  // it would make a first visit load all of that chunk (8 KB gzip) for the panel's links.
  [/[\\/]src[\\/]components[\\/]agreement-links[\\/]/, 'agreement-links'],
  // The English texts, ours and the UI kit's: fetched when English is chosen or stored (src/i18n/packs.ts).
  [/([\\/]src[\\/]i18n[\\/]en-US(\.pack)?\.ts|[\\/]nutui-react-taro[\\/]dist[\\/]es[\\/]locales[\\/]en-US\.js)$/, 'locale-en-US'],
  // The router's tab bar (routerTabBar, below) and its stylesheet go with the router: in `common`
  // (our code) they made vendors and common import each other, and the app stopped at start with
  // "Cannot access … before initialization".
  [/[\\/]src[\\/]platform[\\/]h5[\\/]tab-bar\.(ts|css)$/, 'vendors'],
]

/**
 * Options of the Sass compiler (Taro's `sassLoaderOption`, passed to Vite's
 * `css.preprocessorOptions.scss`). Vite 4, which Taro 4.2's vite runner requires (peer `vite@^4`;
 * 4.2.0 is its latest), compiles Sass only through Sass's legacy JS API (`sass.render`): Vite's
 * `api: 'modern-compiler'` exists from Vite 5.4 on and is ignored here. Sass 1.x warns about that
 * call for each file compiled; the call is Vite's, no option of Vite 4 changes it, so that one
 * deprecation is silenced by name and every other Sass deprecation still shows. Drop this when
 * Taro's runner moves to Vite ≥ 5.4 (then `api: 'modern-compiler'`).
 */
const sassLoaderOption = { silenceDeprecations: ['legacy-js-api'] }

/** The pages loaded at start besides the app entry: the entry page (home). */
const START_PAGES = [/[\\/]src[\\/]pages[\\/]home[\\/]index\.tsx$/]
/**
 * Lazy parts every first visit loads at start (the first-launch consent panel): chunks of their own,
 * which must not pull a `-lazy` chunk in either (the build fails if they do).
 */
const FIRST_VISIT_PARTS = [/[\\/]src[\\/]components[\\/]privacy-consent[\\/]panel\.tsx$/]

interface ModuleInfo {
  isEntry: boolean
  importedIds: readonly string[]
  dynamicImporters: readonly string[]
  code: string | null
  moduleSideEffects: boolean | 'no-treeshake'
}
interface ChunkApi {
  getModuleInfo(id: string): ModuleInfo | null
  getModuleIds(): IterableIterator<string>
}

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/
const NODE_MODULES = /[\\/]node_modules[\\/]/
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/

/** The modules `roots` import statically at any depth, roots included, going on only through modules `through` accepts. */
function staticImports(roots: Iterable<string>, api: ChunkApi, through: (id: string) => boolean = () => true): Set<string> {
  const seen = new Set<string>()
  const pending = [...roots]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    if (through(id)) pending.push(...(api.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/** Whether a module of the contract loads zod, itself or through the contract modules it imports. */
const contractLoadsZod = (id: string, api: ChunkApi) =>
  CONTRACT.test(id) && [...staticImports([id], api, (m) => CONTRACT.test(m))].some((m) => ZOD.test(m))

/** The domains of the sign-in and registration pages (lazy-chunks.ts domainOf). */
const SIGN_IN_DOMAINS = ['pages/login', 'packages/login']
/** The code only the other pages with forms run (real-name, account security): not loaded by the sign-in pages. */
const FORM_PAGES_CHUNK = 'form-pages'

/** The chunks of the pages with forms (sign-in, registration, real-name, account security). */
const FORM_CHUNKS = ['forms', 'sign-in', 'account-forms']

/** Whether a module is placed in one of the FORM_CHUNKS by the rules above (without the walk below). */
const formsOrSignIn = (id: string, api: ChunkApi) =>
  OWN_CHUNKS.some(([pattern, chunk]) => FORM_CHUNKS.includes(chunk) && pattern.test(id)) || contractLoadsZod(id, api)

/** Whether a module is placed in the forms chunk (zod and the schemas) by the rules above. */
const inForms = (id: string, api: ChunkApi) => OWN_CHUNKS.some(([pattern, chunk]) => chunk === 'forms' && pattern.test(id)) || contractLoadsZod(id, api)

/**
 * Whether a source module imports, at any depth through our own modules, one placed in the forms
 * or sign-in chunks. In common-lazy it made that chunk import them: every page using common-lazy
 * (My account, the articles) loaded the forms and the sign-in UI.
 */
const reachesForms = (id: string, api: ChunkApi, placed: (m: string, api: ChunkApi) => boolean = formsOrSignIn) =>
  [...staticImports([id], api, (m) => !NODE_MODULES.test(m) && !formsOrSignIn(m, api))].some((m) => placed(m, api))

/** Whether a module id (its query left out) matches one of `patterns`. */
const matchesAny = (patterns: readonly RegExp[], id: string) => patterns.some((pattern) => pattern.test(id.split('?')[0]))

const isStartPage = (id: string) => matchesAny(START_PAGES, id)

/**
 * The chunk rule above, with the start-up set of start-up-set.ts: what each module imports and
 * re-exports is read as it is parsed, the import sources resolved once the graph is complete, and
 * the bundle checked afterwards (no start-up chunk may import a lazy one).
 */
function startUpChunks() {
  const shapes = new Map<string, ModuleShape>()
  const resolved = new Map<string, string | undefined>()
  let startUp: Set<string> | undefined
  let lazy: Map<string, string> | undefined
  let graph: ModuleGraph | undefined
  return {
    name: 'ess:start-up-chunks',
    apply: 'build' as const,
    moduleParsed(info: { id: string; ast: { body: unknown[] } | null }) {
      if (info.ast) shapes.set(info.id, shapeOf(info.ast as Parameters<typeof shapeOf>[0]))
    },
    async buildEnd(this: {
      resolve(source: string, importer: string): Promise<{ id: string; external: boolean | string } | null>
      getModuleInfo(id: string): ModuleInfo | null
    }) {
      for (const [id, shape] of shapes) {
        const sources = [...shape.imports.map((i) => i.source), ...[...shape.reexports.values()].map((r) => r.source), ...shape.stars]
        for (const source of new Set(sources)) {
          const target = await this.resolve(source, id)
          if (target?.external) continue
          // Ids written into the code by transforms (CommonJS proxies) are module ids already.
          const targetId = target?.id ?? (this.getModuleInfo(source) ? source : undefined)
          // A source that cannot be placed: the module is read as a whole (no shape).
          if (targetId === undefined) shapes.delete(id)
          else resolved.set(`${id}\0${source}`, targetId)
        }
      }
    },
    outputOptions(options: { manualChunks?: unknown }) {
      const taroChunks = options.manualChunks
      if (typeof taroChunks !== 'function') return null
      return {
        ...options,
        manualChunks(id: string, api: ChunkApi) {
          const own = OWN_CHUNKS.find(([pattern]) => pattern.test(id))
          if (own) return own[1]
          // Each domain's texts (src/i18n/<domain>/, both languages) go with the code of the screens
          // that show them (below): as chunks of their own, a sign-in page loaded seven of them.
          if (contractLoadsZod(id, api)) return 'forms'
          const chunk = (taroChunks as (id: string, api: unknown) => string | undefined)(id, api)
          graph ??= {
            shape: (m) => shapes.get(m),
            resolve: (importer, source) => resolved.get(`${importer}\0${source}`),
            importedIds: (m) => api.getModuleInfo(m)?.importedIds ?? [],
            hasSideEffects: (m) => api.getModuleInfo(m)?.moduleSideEffects !== false,
          }
          const modules = () => [...api.getModuleIds()]
          startUp ??= startUpSet(modules().filter((m) => api.getModuleInfo(m)?.isEntry || isStartPage(m)), graph)
          if ((chunk === 'vendors' || chunk === 'common') && !startUp.has(id)) {
            // Grouped by the domains of the lazy parts that run it (lazy-chunks.ts). A module no
            // part runs (an index's unused export, dropped by tree-shaking) keeps Taro's group.
            lazy ??= lazyChunkNames(modules().filter((m) => (api.getModuleInfo(m)?.dynamicImporters.length ?? 0) > 0), startUp, graph, SOURCE_DIR, {
              codeSize: (m) => api.getModuleInfo(m)?.code?.length ?? 0,
              minCode: MIN_GROUP_CODE,
              // Off by default: two Lighthouse trials (bench/RESULTS.md, 2026-11-29) did not show it
              // faster on the whole; `ESS_LAUNCH_MERGE=1 npm run build` makes a build to try again.
              launchCost: process.env.ESS_LAUNCH_MERGE === '1' ? LAUNCH_COST : undefined,
              // The pages with forms (sign-in, registration, real-name, account security) load the
              // form libraries and the sign-in UI: what only they run goes with the sign-in UI.
              // Of that, the sign-in and registration pages load only what they run (`heads`): the
              // code only the other form pages run is a chunk of its own (FORM_PAGES_CHUNK).
              family: { name: 'sign-in', marks: (m) => formsOrSignIn(m, api), heads: SIGN_IN_DOMAINS, others: FORM_PAGES_CHUNK },
              // The tab pages and the articles (the pages opened most, and at launch from a link) load
              // only code they run: no small group of other pages is merged into theirs. So do the
              // sign-in and registration pages, the first screens of a new user (issue 37).
              ownDomains: TAB_PAGES,
              exact: [...TAB_PAGES, 'packages/news', ...SIGN_IN_DOMAINS],
            })
            // Shared code that reaches the form libraries goes with the sign-in UI, so that
            // no other lazy chunk imports the forms (zod: 40 KB gzip) for the pages without a form.
            // What reaches zod itself goes beside the account forms: the sign-in chunk must not import
            // the forms chunk (the sign-in screens paint before it arrives, src/core/forms/lazy.ts).
            // What the sign-in pages do not run goes with the rest of the family's code: the sign-in
            // chunk must not import that chunk, which imports it.
            if (chunk === 'common' && reachesForms(id, api)) {
              if (reachesForms(id, api, inForms)) return 'account-forms'
              return lazy.get(id) === FORM_PAGES_CHUNK ? FORM_PAGES_CHUNK : 'sign-in'
            }
            return lazy.get(id) ?? `${chunk}-lazy`
          }
          // A start-up module Taro leaves to its importer's chunk (one importer) could follow an
          // index that went to a lazy chunk: it is given its start-up chunk instead. The home page
          // too: as a chunk of its own (1.5 KB) it was fetched only once the app's chunks had run,
          // a round trip more before the home page's first paint and its CMS call.
          if (chunk === undefined && startUp.has(id) && !api.getModuleInfo(id)?.isEntry) {
            return NODE_MODULES.test(id) ? 'vendors' : 'common'
          }
          return chunk
        },
      }
    },
    generateBundle(_options: unknown, bundle: Parameters<typeof assertStartUpChunks>[0]) {
      assertStartUpChunks(bundle, (id) => isStartPage(id) || matchesAny(FIRST_VISIT_PARTS, id))
      assertNoChunkCycle(bundle as Parameters<typeof assertNoChunkCycle>[0])
    },
  }
}

/**
 * What a launch at a route (its page's chunks and CSS) or in English (its texts' chunk) loads besides
 * the start-up, written into index.html as a JSON data block (launch-chunks.ts), so that the page's
 * inline script asks for them beside the start-up's files: otherwise they were asked for only once
 * the app's code had run and its router called the page's loader. Vite's manifest lists the same,
 * but in a file for a server; the page itself needs it, in Vite's own `transformIndexHtml` hook.
 */
const launchChunksInPage = {
  name: 'ess:launch-chunks',
  apply: 'build' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler(html: string, context: { bundle?: Record<string, unknown> }) {
      if (!context.bundle) return html
      if (!html.includes(LAUNCH_CHUNKS_MARK)) throw new Error(`src/index.html has lost its ${LAUNCH_CHUNKS_MARK} mark (config/launch-chunks.ts)`)
      const data = launchChunks(context.bundle as Parameters<typeof launchChunks>[0], SOURCE_DIR)
      const block = `<script type="application/json" id="${LAUNCH_CHUNKS_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
      // In place of its mark: before index.html's inline script that reads it, and before Vite's own tags.
      return html.replace(LAUNCH_CHUNKS_MARK, () => block)
    },
  },
}

/**
 * A plugin that resolves `source`, when a module matching `importer` imports it, to `replacement`: for
 * a module of Taro's that no Taro option lets an app replace (the two below).
 */
function replaceImport(name: string, importer: RegExp, source: string, replacement: string) {
  return {
    name,
    enforce: 'pre' as const,
    resolveId: (imported: string, from: string | undefined) => (from !== undefined && importer.test(from) && imported === source ? replacement : null),
  }
}

/**
 * Taro 4.2.1's page pull-down as a React component (@tarojs/components-react's PullDownRefresh, which
 * the router wraps around a page with `enablePullDownRefresh` once `h5.useHtmlComponents` is on)
 * listens on its own wrapper instead of the page element that scrolls: a downward drag on a page
 * scrolled down pulled the content instead of scrolling back up, and a full pull never reached the
 * page's `onPullDownRefresh` (looked for on the wrapper). No Taro option names another component (the
 * runner writes `config.PullDownRefresh = PullDownRefresh` into the entry), so that one module of the
 * package is resolved to platform/h5/pull-down-refresh.tsx, the same gesture on the page element.
 */
const pagePullDownRefresh = replaceImport(
  'ess:page-pull-down-refresh',
  /[\\/]@tarojs[\\/]components-react[\\/]dist[\\/]index\.js$/,
  './components/pull-down-refresh/index.js',
  path.join(SOURCE_DIR, 'platform', 'h5', 'pull-down-refresh.tsx'),
)

/**
 * Taro 4.2.1's web tab bar is a Stencil web component (`taro-tabbar`, drawn by @tarojs/router's
 * `initTabbar`), the last one left once `h5.useHtmlComponents` made the others React components: it
 * kept Stencil's runtime and the component in the start-up's vendors.js (25 KB of 176 raw). Taro has
 * no option for another tab bar on the web (`tabBar.custom` draws none there, "TODO: custom-tab-bar"
 * in the router), so the router's tabbar module is replaced by ours (platform/h5/tab-bar.ts: the same
 * markup, events and APIs).
 */
const routerTabBar = replaceImport(
  'ess:router-tab-bar',
  /[\\/]@tarojs[\\/]router[\\/]dist[\\/]index\.js$/,
  './tabbar.js',
  path.join(SOURCE_DIR, 'platform', 'h5', 'tab-bar.ts'),
)

/**
 * Packages whose code only computes what they export, though their package.json does not declare
 * it (`sideEffects`), so the bundler keeps them whole once imported, used or not:
 * - `platform`, the user-agent parser behind taro-h5's `getDeviceInfo`/`getSystemInfo` (6 KB gzip):
 *   a UMD module whose one effect outside a module system is a `window.platform` global;
 * - Swiper's stylesheet (below);
 * - Taro's Stencil web components and Stencil's runtime (below).
 * Declared free of side effects here, they stay only where a name they export is used.
 */
const SIDE_EFFECT_FREE = [
  /[\\/]node_modules[\\/]platform[\\/]platform\.js$/,
  // Swiper's stylesheet (18 KB, 4.4 KB gzip of the start-up CSS), imported by @tarojs/components-react's
  // Swiper for its styles; the H5 build has no Swiper (the carousel is ours; carousel.weapp.tsx uses the
  // mini-program's), but a stylesheet is kept for its import alone, so every page loaded it. Should a
  // web screen ever use Taro's Swiper, drop this line.
  /[\\/]node_modules[\\/]swiper[\\/]swiper-bundle\.css$/,
  // Taro's Stencil components (each defined only when its `defineCustomElement…` is called) and
  // Stencil's runtime: the web renders React components (h5.useHtmlComponents) and draws its own tab
  // bar (routerTabBar), but taro-h5's previewImage, unused here, imports the components' index for
  // its swiper, and that import alone kept Stencil's runtime (15 KB) in the start-up's vendors.js.
  /[\\/]node_modules[\\/]@tarojs[\\/]components[\\/]dist[\\/]components[\\/][^\\/]+\.js$/,
  /[\\/]node_modules[\\/]@stencil[\\/]core[\\/]internal[\\/]/,
]

const sideEffectFree = {
  name: 'ess:side-effect-free',
  apply: 'build' as const,
  enforce: 'post' as const,
  transform(code: string, id: string) {
    if (!matchesAny(SIDE_EFFECT_FREE, id)) return null
    return { code, map: null, moduleSideEffects: false }
  },
}

/**
 * jsencrypt 3.4+ seeds its random pool with `typeof window !== 'undefined' && self.crypto…`. In the
 * mini-program Taro turns `window` into its own window object, always defined, while the logic
 * layer has no `self`: loading vendors.js threw "self is not defined" before App() ran (found by
 * test/weapp). The check is made on `self` itself, so the pool falls back to Math.random there.
 */
const JSENCRYPT_RNG = /[\\/]node_modules[\\/]jsencrypt[\\/]lib[\\/]lib[\\/]jsbn[\\/]rng\.js$/
const jsencryptWithoutSelf = {
  name: 'ess:jsencrypt-without-self',
  apply: 'build' as const,
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!JSENCRYPT_RNG.test(id.split('?')[0])) return null
    const guarded = code.replaceAll("typeof window !== 'undefined'", "typeof self !== 'undefined'")
    if (guarded === code) throw new Error(`${id}: the window check this build rewrites is gone; look at the jsencrypt update`)
    return { code: guarded, map: null }
  },
}

/**
 * The H5 dev server on Preact: Taro's preset excludes `preact` from Vite's dependency optimiser
 * while @preact/preset-vite includes it, and esbuild refuses an entry point that is also external.
 * Preact is left to the optimiser (the production build does not use it).
 */
const preactDevServer = {
  name: 'ess:preact-dev-server',
  apply: 'serve' as const,
  enforce: 'post' as const,
  config(config: { optimizeDeps?: { exclude?: string[] } }) {
    const exclude = config.optimizeDeps?.exclude
    if (exclude) config.optimizeDeps!.exclude = exclude.filter((dep) => dep !== 'preact')
  },
}

/**
 * WeChat appIds of the partner mini-programs (SPEC §3 mini-program ids), for wx.navigateToMiniProgram.
 * The defaults are the sample ids of this repository (no such mini-programs exist: set the partners'
 * real appIds for a release); an empty value leaves that id out (its links open their https `link`).
 */
const MINI_PROGRAM_APPID_DEFAULTS = { healthMini: 'wx5e1f0a2b3c4d5e6f', welfareMini: 'wx6f5e4d3c2b1a0f9e' } as const

function miniProgramAppIds(): Record<string, string> {
  const given = { healthMini: process.env.ESS_HEALTH_MINI_APPID, welfareMini: process.env.ESS_WELFARE_MINI_APPID }
  const ids: Record<string, string> = {}
  for (const [id, appId] of Object.entries(given)) {
    const value = appId ?? MINI_PROGRAM_APPID_DEFAULTS[id as keyof typeof MINI_PROGRAM_APPID_DEFAULTS]
    if (value) ids[id] = value
  }
  return ids
}

/**
 * The settings built into the H5 portal (`defineConstants` below), recorded beside the build as
 * `dist/h5.build-settings.json` by the build itself, however it was started (`npm run build`, CI's
 * build, `npm start`): `npm start` rebuilds the portal when one of them differs (scripts/start.mjs).
 * Written by `npm start` alone before, so a portal built any other way was built again at the next
 * start (CI's browser tests rebuilt the portal CI had just built).
 */
const BUILT_IN_SETTINGS = ['OUTER_APP_KEYS', 'ESS_RETURN_URLS', 'ESS_WEBVIEW_URLS'] as const
const recordBuildSettings = {
  name: 'ess:build-settings',
  apply: 'build' as const,
  // After the files are written (Rollup calls `closeBundle` on a failed build too: a record of new
  // settings beside an old index.html would keep npm start from building again).
  writeBundle() {
    const record = Object.fromEntries(BUILT_IN_SETTINGS.map((name) => [name, (process.env[name] ?? '').trim()]))
    fs.writeFileSync(path.resolve(__dirname, '..', 'dist', 'h5.build-settings.json'), `${JSON.stringify(record, null, 2)}\n`)
  },
}

export default defineConfig<'vite'>(async (merge) => {
  const taroEnv = process.env.TARO_ENV ?? 'h5'
  const gatewayUrl = process.env.ESS_GATEWAY_URL || 'http://localhost:8080'

  const baseConfig: UserConfigExport<'vite'> = {
    projectName: 'ess-portal',
    date: '2025-01-01',
    designWidth(input) {
      const file = typeof input === 'object' && input ? (input as { file?: string }).file : undefined
      if (file && file.replace(/\\+/g, '/').includes('@nutui')) return 375
      return 750
    },
    deviceRatio: {
      375: 2,
      640: 2.34 / 2,
      750: 1,
      828: 1.81 / 2,
    },
    sourceRoot: 'src',
    outputRoot: `dist/${taroEnv}`,
    // The CLI adds @tarojs/plugin-platform-<type> itself.
    plugins: [],
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
    },
    defineConstants: {
      // The gateway origin: empty on H5 (same origin, calls go to /app/...), absolute on weapp.
      ESS_API_BASE: JSON.stringify(taroEnv === 'h5' ? '' : gatewayUrl),
      ESS_APP_VERSION: JSON.stringify(pkg.version),
      // The partner mini-programs a link's miniLink opens (README: the mini-program build's settings).
      ESS_MINI_PROGRAM_APPIDS: JSON.stringify(miniProgramAppIds()),
      // The build: the commit it was made from (the version page shows it; 'dev' outside git).
      ESS_BUILD_ID: JSON.stringify(buildId()),
      // Outer apps' public keys (README OUTER_APP_KEYS; the gateway reads the same variable): the
      // portal opened by one of them signs its calls with that app's key.
      ESS_OUTER_APP_KEYS: JSON.stringify(outerAppKeys(process.env.OUTER_APP_KEYS)),
      // Where the portal may send a browser or open a page (README "Build-time"; compared as URLs by
      // the contract's urls.ts): the login page's returnUrl (which receives the token), and the
      // web-view page's url with the CMS link items it opens.
      ESS_RETURN_URLS: JSON.stringify(allowList('ESS_RETURN_URLS', process.env.ESS_RETURN_URLS ?? '')),
      ESS_WEBVIEW_URLS: JSON.stringify(allowList('ESS_WEBVIEW_URLS', process.env.ESS_WEBVIEW_URLS ?? WEBVIEW_URLS_DEFAULT)),
    },
    copy: { patterns: [], options: {} },
    // H5 runs on Preact (react-dom alone was 41 KB gzip of the start-up JS); the mini-program stays
    // on React, where Taro's Preact mode has open breakage reports. Screens use React's API either way.
    framework: taroEnv === 'h5' ? 'preact' : 'react',
    compiler: {
      type: 'vite',
      prebundle: { enable: false },
      vitePlugins: taroEnv === 'h5' ? [pagePullDownRefresh, routerTabBar, sideEffectFree, startUpChunks(), oneStylesheet(), launchChunksInPage, preactDevServer, recordBuildSettings] : [jsencryptWithoutSelf, subPackageChunks(SOURCE_DIR)],
    },
    sass: {},
    mini: {
      imageUrlLoaderOption,
      sassLoaderOption,
      // The mini-program pipeline's babel filter matches the source directory path itself, not the
      // files in it; include them, so babel.config.js (NutUI on-demand imports) applies as on H5.
      compile: {
        include: [`${SOURCE_DIR.split(path.sep).join('/')}/**`],
      },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
    h5: {
      // Taro's components as React components (@tarojs/components-react: View a <div>, Image a <div>
      // holding an <img>, …) instead of Stencil web components: the start-up JS no longer carries
      // Stencil's runtime and the custom elements' definitions and styles (vendors.js 202 → 181 KB),
      // and the home page's banner paints ~0.1–0.2 s sooner (bench/RESULTS.md). Their stylesheet is
      // loaded by platform/h5/taro-components.css (Taro's Vite runner does not import it, its webpack
      // runner does).
      useHtmlComponents: true,
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'hash' },
      imageUrlLoaderOption,
      sassLoaderOption,
      // ESS_SOURCEMAP=1 for bundle analysis.
      enableSourceMap: process.env.ESS_SOURCEMAP === '1',
      output: {
        chunkFileNames: 'js/[name].[hash].js',
        assetFileNames: 'static/[ext]/[name].[hash][extname]',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[hash].css',
        chunkFilename: 'css/[name].[chunkhash].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        pxtransform: {
          enable: true,
          // Root font size follows the phone width up to a 375 px layout; wider screens (desktop)
          // keep the 375 px scale and show a centred column.
          config: { baseFontSize: 20, maxRootSize: 20, minRootSize: 16 },
        },
        cssModules: { enable: false },
      },
    },
  }

  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig)
  }
  return merge({}, baseConfig, prodConfig)
})

/** The demo content's partner site (its Welfare mall link item); set the partners' sites for a release. */
const WEBVIEW_URLS_DEFAULT = 'https://welfare.example.com/'

/**
 * An allow-list of the build (comma- or space-separated https addresses): a build with an entry that
 * is not an absolute https URL without userinfo, query or fragment stops, naming it. The portal
 * normalises and compares them with the contract's urls.ts (not imported here: Taro's config loader
 * cannot load the contract's TypeScript).
 */
function allowList(name: string, text: string): string[] {
  const entries = text.split(/[\s,]+/).filter(Boolean)
  for (const entry of entries) {
    let url: URL | undefined
    try {
      url = /^https:\/\//i.test(entry) ? new URL(entry) : undefined
    } catch {
      url = undefined
    }
    if (!url || url.username || url.password || url.search || url.hash || entry.includes('\\')) {
      throw new Error(`${name}: "${entry}" must be an absolute https:// URL without user name, query or fragment`)
    }
  }
  return entries
}

/**
 * The `appId:key` pairs of OUTER_APP_KEYS, read only: the contract's parseOuterAppKeys validates
 * them in the gateway, which refuses to start on a malformed list (Taro's config loader cannot load
 * the contract's TypeScript, so it is not imported here).
 */
function outerAppKeys(text: string | undefined): Record<string, string> {
  const pairs = (text ?? '').split(/[\s,]+/).filter((pair) => pair.indexOf(':') > 0)
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]))
}

/** The short commit of the working tree, '-dirty' when it has changes; 'dev' outside git. */
function buildId(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim()
    return dirty ? `${commit}-dirty` : commit
  } catch {
    return 'dev'
  }
}
