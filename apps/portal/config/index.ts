import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import pkg from '../package.json'
import devConfig from './dev'
import prodConfig from './prod'

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
 * when only later pages use them. Here those two chunks keep only what the start-up needs (the app
 * entry and the home page, statically imported); what only other pages use goes to `vendors-lazy`
 * and `common-lazy`, loaded with the first page that needs them. A few libraries get chunks of
 * their own: jsencrypt (the OAEP fallback where WebCrypto is missing) and the form libraries of the
 * sign-in, registration and real-name pages, with the sign-in UI that uses them. zod goes with the
 * forms, and so do the modules of the contract that load it (its schemas): the start-up code
 * imports only `@ess/contract/wire`, which loads none.
 */
const OWN_CHUNKS: Array<[RegExp, string]> = [
  [/[\\/]node_modules[\\/]jsencrypt[\\/]/, 'jsencrypt'],
  [/[\\/]node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, 'forms'],
  [/[\\/]src[\\/](components[\\/](auth-form|slider-captcha)[\\/]|core[\\/]auth[\\/]forms\.ts)/, 'sign-in'],
  [/[\\/]src[\\/]core[\\/]real-name[\\/]forms\.ts/, 'sign-in'],
]

/** The pages loaded at start besides the app entry: the entry page (home). */
const START_PAGES = [/[\\/]src[\\/]pages[\\/]home[\\/]index\.tsx$/]

interface ModuleInfo {
  isEntry: boolean
  importedIds: readonly string[]
}
interface ChunkApi {
  getModuleInfo(id: string): ModuleInfo | null
  getModuleIds(): IterableIterator<string>
}

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/
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

/** What the start-up loads: the app entry and the start pages, with all they import statically. */
function startUpModules(api: ChunkApi): Set<string> {
  const roots = [...api.getModuleIds()].filter((id) => api.getModuleInfo(id)?.isEntry || START_PAGES.some((page) => page.test(id.split('?')[0])))
  return staticImports(roots, api)
}

const startUpChunks = {
  name: 'ess:start-up-chunks',
  apply: 'build' as const,
  outputOptions(options: { manualChunks?: unknown }) {
    const taroChunks = options.manualChunks
    if (typeof taroChunks !== 'function') return null
    let startUp: Set<string> | undefined
    return {
      ...options,
      manualChunks(id: string, api: ChunkApi) {
        const own = OWN_CHUNKS.find(([pattern]) => pattern.test(id))
        if (own) return own[1]
        if (contractLoadsZod(id, api)) return 'forms'
        const chunk = (taroChunks as (id: string, api: unknown) => string | undefined)(id, api)
        startUp ??= startUpModules(api)
        if ((chunk === 'vendors' || chunk === 'common') && !startUp.has(id)) return `${chunk}-lazy`
        return chunk
      },
    }
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
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: {
      type: 'vite',
      prebundle: { enable: false },
      vitePlugins: taroEnv === 'h5' ? [startUpChunks] : [],
    },
    sass: {},
    mini: {
      imageUrlLoaderOption,
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
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'hash' },
      imageUrlLoaderOption,
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
