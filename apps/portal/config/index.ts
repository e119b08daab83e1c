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
 * Taro's H5 build puts every node_modules file in one `vendors` chunk loaded at start, even when
 * only imported dynamically. Libraries only some pages need get chunks of their own, loaded with
 * the first page that imports them: jsencrypt (the OAEP fallback where WebCrypto is missing) and
 * the form libraries of the sign-in, registration and real-name pages, with the sign-in UI that
 * uses them (shared by several login pages, Taro would put it in the `common` chunk loaded at
 * start). zod goes with the forms, and so do the modules of the contract that load it (its
 * schemas): the start-up code imports only `@ess/contract/wire`, which loads none.
 */
const LAZY_VENDORS: Array<[RegExp, string]> = [
  [/[\\/]node_modules[\\/]jsencrypt[\\/]/, 'jsencrypt'],
  [/[\\/]node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, 'forms'],
  [/[\\/]src[\\/](components[\\/](auth-form|slider-captcha)[\\/]|core[\\/]auth[\\/]forms\.ts)/, 'sign-in'],
  [/[\\/]src[\\/]core[\\/]real-name[\\/]forms\.ts/, 'sign-in'],
]
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null

/** Whether a module of the contract loads zod, itself or through the contract modules it imports. */
function contractLoadsZod(id: string, getModuleInfo: ModuleInfoOf): boolean {
  const seen = new Set<string>()
  const loads = (m: string): boolean => {
    if (ZOD.test(m)) return true
    if (!CONTRACT.test(m) || seen.has(m)) return false
    seen.add(m)
    return (getModuleInfo(m)?.importedIds ?? []).some(loads)
  }
  return CONTRACT.test(id) && loads(id)
}

const lazyVendorChunks = {
  name: 'ess:lazy-vendor-chunks',
  apply: 'build' as const,
  outputOptions(options: { manualChunks?: unknown }) {
    const taroChunks = options.manualChunks
    if (typeof taroChunks !== 'function') return null
    return {
      ...options,
      manualChunks(id: string, api: { getModuleInfo: ModuleInfoOf }) {
        const lazy = LAZY_VENDORS.find(([pattern]) => pattern.test(id))
        if (lazy) return lazy[1]
        if (contractLoadsZod(id, api.getModuleInfo)) return 'forms'
        return (taroChunks as (id: string, api: unknown) => string | undefined)(id, api)
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
      vitePlugins: taroEnv === 'h5' ? [lazyVendorChunks] : [],
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
