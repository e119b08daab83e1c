import { createHash } from 'node:crypto'
import path from 'node:path'

/**
 * The mini-program's equivalent of Taro's `mini.optimizeMainPackage`, which only Taro's webpack
 * runner implements (the vite runner ignores the option): code that only subpackages use leaves
 * the main package.
 *
 * Taro's vite rule puts every node_modules file in `vendors.js` and every source file imported
 * twice in `common.js`, both in the main package. Here a module that Taro sends there but that no
 * page of the main package (nor app.js) reaches:
 * - used by one subpackage only goes to `<root>/sub-vendors.js` or `<root>/sub-common.js`;
 * - used by several subpackages goes to a chunk under `sub-common/`, which is then copied into
 *   each subpackage that uses it (a subpackage may not require another subpackage's files), and
 *   the main package's copy is removed: as Taro's webpack runner does, such a module is loaded
 *   once per subpackage. Only code without state shared across pages belongs there (the forms,
 *   their schemas, zod, react-hook-form); a module with such state is reached from the main package.
 * test/weapp/sizes.test.ts checks the result (sizes, zod out of the main package) and
 * test/weapp/app.test.ts runs it (WeChat's rule: no require across packages).
 */

interface ModuleInfo {
  isEntry: boolean
  /** Set on the pages: Taro emits them as chunks loaded after the app entry. */
  implicitlyLoadedAfterOneOf: readonly string[]
  importedIds: readonly string[]
  dynamicallyImportedIds: readonly string[]
  importers: readonly string[]
}
interface ChunkApi {
  getModuleInfo(id: string): ModuleInfo | null
  getModuleIds(): IterableIterator<string>
}
interface OutputChunk {
  type: 'chunk'
  fileName: string
  code: string
  imports: string[]
  facadeModuleId: string | null
  viteMetadata?: { importedCss: Set<string> }
}
interface OutputAsset {
  type: 'asset'
  fileName: string
  source: string | Uint8Array
}
type Bundle = Record<string, OutputChunk | OutputAsset>

const MAIN = 'main'
const SUB_COMMON = 'sub-common/'
const NODE_MODULES = /[\\/]node_modules[\\/]/

/**
 * The package of an entry module: `packages/<x>` for src/packages/<x>/…, else the main package.
 * (Taro's entries are virtual modules: `\0/…/src/packages/x/page.tsx?page-loader=true`.)
 */
function packageOfEntry(id: string, sourceDir: string): string {
  const relative = path.relative(sourceDir, id.replace(/^\0/, '').split('?')[0]).split(path.sep)
  return relative[0] === 'packages' && relative.length > 2 ? `packages/${relative[1]}` : MAIN
}

/** module id → the packages whose entries (app.js, the pages) reach it through static or dynamic imports. */
function reachingPackages(api: ChunkApi, sourceDir: string): Map<string, Set<string>> {
  const reach = new Map<string, Set<string>>()
  for (const entry of api.getModuleIds()) {
    const entryInfo = api.getModuleInfo(entry)
    if (!entryInfo?.isEntry && !entryInfo?.implicitlyLoadedAfterOneOf.length) continue
    const pkg = packageOfEntry(entry, sourceDir)
    const pending = [entry]
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      const packages = reach.get(id) ?? new Set<string>()
      if (packages.has(pkg)) continue
      packages.add(pkg)
      reach.set(id, packages)
      const info = api.getModuleInfo(id)
      if (info) pending.push(...info.importedIds, ...info.dynamicallyImportedIds)
    }
  }
  return reach
}

/**
 * The bundle files a chunk requires, read from its code: `chunk.imports` leaves out chunks whose
 * code is empty (those left by CSS-only modules), which the code requires all the same.
 */
function requiresOf(chunk: OutputChunk): string[] {
  const found = new Set(chunk.imports)
  for (const match of chunk.code.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(chunk.fileName), match[1])))
  }
  return [...found]
}

/**
 * Vite removes a chunk holding only styles (a group of CSS-only modules) and gives its styles to
 * the chunks importing it, but its CommonJS rule (Vite 4's css plugin) takes out only a
 * `require("…");` that ends a statement: a `require` of the removed file inside a minified
 * sequence (`a(),require("…"),b()`) stays, and would fail in the mini-program; those requires of our
 * chunks go. And where the removed require ended a sequence, the comma before it stayed in front of
 * the placeholder comment Vite writes in its place (`empty css`), then the next statement: a syntax
 * error (`a(),<comment>var n=…`). That comma becomes a semicolon (same length: source maps keep
 * their places). Vite 5 handles both; Taro's vite runner requires Vite 4.
 */
function dropPureCssRequires(chunks: OutputChunk[]): void {
  const present = new Set(chunks.map((c) => c.fileName))
  const ours = (file: string) => file.startsWith(SUB_COMMON) || /^packages\/[^/]+\/sub-(common|vendors)\.js$/.test(file)
  for (const chunk of chunks) {
    chunk.code = chunk.code.replaceAll(',/* empty css ', ';/* empty css ')
    for (const required of requiresOf(chunk)) {
      if (present.has(required) || !ours(required)) continue
      chunk.code = chunk.code.split(`require("${relativeRequire(chunk.fileName, required)}")`).join('void 0')
      chunk.imports = chunk.imports.filter((imported) => imported !== required)
    }
  }
}

const relativeRequire = (fromFile: string, toFile: string) => {
  const relative = path.posix.relative(path.posix.dirname(fromFile), toFile)
  return relative.startsWith('.') ? relative : `./${relative}`
}

export function subPackageChunks(sourceDir: string) {
  let reach: Map<string, Set<string>> | undefined
  return {
    name: 'ess:sub-package-chunks',
    apply: 'build' as const,
    // After Taro's style plugin, which names each chunk's CSS `<chunk>.wxss`.
    enforce: 'post' as const,
    outputOptions(options: { manualChunks?: unknown }) {
      const taroChunks = options.manualChunks
      if (typeof taroChunks !== 'function') return null
      return {
        ...options,
        manualChunks(id: string, api: ChunkApi) {
          const chunk = (taroChunks as (id: string, api: unknown) => string | null | undefined)(id, api)
          reach ??= reachingPackages(api, sourceDir)
          const packages = reach.get(id)
          const fromMain = !packages || packages.has(MAIN)
          if (chunk === 'vendors' || chunk === 'common') {
            if (fromMain) return chunk
            const roots = [...packages].sort()
            if (roots.length === 1) return `${roots[0]}/sub-${chunk}`
            return `${SUB_COMMON}${chunk}-${createHash('sha256').update(roots.join(',')).digest('hex').slice(0, 8)}`
          }
          // A main-package module Taro leaves to its importer's chunk, imported by a module that
          // leaves the main package: kept in the main package (Rollup would pull it into that chunk).
          if ((chunk === undefined || chunk === null) && fromMain) {
            const importedFromSub = (api.getModuleInfo(id)?.importers ?? []).some((importer) => {
              const by = reach?.get(importer)
              return by !== undefined && !by.has(MAIN)
            })
            if (importedFromSub) return NODE_MODULES.test(id) ? 'vendors' : 'common'
          }
          return chunk
        },
      }
    },
    generateBundle(_options: unknown, bundle: Bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
      dropPureCssRequires(chunks)
      const shared = new Map(chunks.filter((c) => c.fileName.startsWith(SUB_COMMON)).map((c) => [c.fileName, c]))
      const rootOf = (file: string) => /^(packages\/[^/]+)\//.exec(file)?.[1]
      // Which shared chunks each subpackage needs (the ones its files import, and what those import).
      const needs = new Map<string, Set<string>>()
      for (const chunk of chunks) {
        const root = rootOf(chunk.fileName)
        if (!root) {
          const bad = requiresOf(chunk).find((imported) => shared.has(imported))
          if (bad && !shared.has(chunk.fileName)) throw new Error(`${chunk.fileName} (main package) imports ${bad}, which was placed for subpackages only`)
          continue
        }
        const set = needs.get(root) ?? new Set<string>()
        const pending = requiresOf(chunk).filter((imported) => shared.has(imported))
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          if (set.has(file)) continue
          set.add(file)
          pending.push(...requiresOf(shared.get(file) as OutputChunk).filter((imported) => shared.has(imported)))
        }
        needs.set(root, set)
      }
      const rewrite = (code: string, fromFile: string, imports: string[], target: (imported: string) => string, newFile: string) => {
        let out = code
        for (const imported of imports) {
          const before = `require("${relativeRequire(fromFile, imported)}")`
          const after = `require("${relativeRequire(newFile, target(imported))}")`
          if (before !== after) out = out.split(before).join(after)
        }
        return out
      }
      for (const [root, files] of needs) {
        const local = (imported: string) => (shared.has(imported) ? `${root}/${imported}` : imported)
        for (const file of files) {
          const chunk = shared.get(file) as OutputChunk
          bundle[`${root}/${file}`] = {
            ...chunk,
            fileName: `${root}/${file}`,
            imports: chunk.imports.map(local),
            code: rewrite(chunk.code, file, requiresOf(chunk), local, `${root}/${file}`),
          }
        }
        for (const chunk of chunks) {
          const required = requiresOf(chunk)
          if (rootOf(chunk.fileName) !== root || !required.some((imported) => shared.has(imported))) continue
          chunk.code = rewrite(chunk.code, chunk.fileName, required, local, chunk.fileName)
          chunk.imports = chunk.imports.map(local)
        }
      }
      for (const file of shared.keys()) delete bundle[file]
      moveStyles(bundle, chunks, needs)
    },
  }
}

/**
 * The styles of the chunks moved out of the main package. Taro imports only the main package's
 * common chunks' styles (app.wxss); a subpackage chunk's `.wxss` would be imported by nothing.
 * Each page of a subpackage imports its package's chunk styles (as app.wxss imports vendors.wxss
 * and common.wxss for all pages), a shared chunk's style copied into each subpackage like its JS.
 */
function moveStyles(bundle: Bundle, chunks: OutputChunk[], needs: Map<string, Set<string>>): void {
  const assets = Object.entries(bundle).filter((entry): entry is [string, OutputAsset] => entry[1].type === 'asset')
  const styleOf = (chunk: OutputChunk) =>
    [...(chunk.viteMetadata?.importedCss ?? [])].map((key) => bundle[key]).filter((a): a is OutputAsset => a?.type === 'asset')
  const sharedStyles = new Map<string, OutputAsset[]>()
  for (const chunk of chunks) if (chunk.fileName.startsWith(SUB_COMMON)) sharedStyles.set(chunk.fileName, styleOf(chunk))
  const roots = new Set(chunks.map((c) => /^(packages\/[^/]+)\//.exec(c.fileName)?.[1]).filter((r): r is string => r !== undefined))
  for (const root of roots) {
    const styles: string[] = []
    for (const chunk of chunks) {
      if (!chunk.fileName.startsWith(`${root}/sub-`)) continue
      for (const style of styleOf(chunk)) styles.push(style.fileName)
    }
    for (const file of needs.get(root) ?? []) {
      for (const style of sharedStyles.get(file) ?? []) {
        const fileName = `${root}/${style.fileName}`
        if (styles.includes(fileName)) continue
        bundle[fileName] = { ...style, fileName }
        styles.push(fileName)
      }
    }
    if (styles.length === 0) continue
    for (const page of chunks) {
      if (!page.fileName.startsWith(`${root}/`) || !page.facadeModuleId?.includes('?page-loader=true')) continue
      const imports = styles.map((style) => `@import "${path.posix.relative(path.posix.dirname(page.fileName), style)}";\n`).join('')
      const pageStyle = page.fileName.replace(/\.js$/, '.wxss')
      const existing = assets.find(([, asset]) => asset.fileName === pageStyle)?.[1]
      if (existing) existing.source = imports + String(existing.source)
      else bundle[pageStyle] = { type: 'asset', fileName: pageStyle, source: imports }
    }
  }
  for (const style of [...sharedStyles.values()].flat()) {
    const key = assets.find(([, asset]) => asset === style)?.[0]
    if (key) delete bundle[key]
  }
}
