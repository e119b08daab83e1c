import path from 'node:path'

/** The parts of Rollup's output chunk this reads (Vite adds the CSS a chunk imports as `viteMetadata`). */
export interface LaunchChunk {
  type: 'chunk'
  fileName: string
  name: string
  isEntry: boolean
  isDynamicEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

/**
 * What a launch at a route, or in a language whose texts are a chunk of their own, loads besides
 * the start-up: written into index.html (`LAUNCH_CHUNKS_ID`) for its inline script, which asks for
 * them beside the start-up's files instead of after the app's code has run.
 */
export interface LaunchChunks {
  /** Files under the public path, each once. */
  files: string[]
  /** Route (`packages/news/newsDetail`) → indexes in `files`: the page's chunk, the chunks it imports, their CSS. */
  routes: Record<string, number[]>
  /** Locale → indexes in `files`: its texts' chunk and what it imports. */
  locales: Record<string, number[]>
}

/** The id of index.html's JSON data block of LaunchChunks (its inline script reads it). */
export const LAUNCH_CHUNKS_ID = 'ess-chunks'

/** The mark in src/index.html that the build replaces with that block. */
export const LAUNCH_CHUNKS_MARK = '<!--ess-chunks-->'

type Bundle = Record<string, LaunchChunk | { type: 'asset' }>

/** A chunk's file, the chunks it imports at any depth, and their CSS, leaving out `loaded`. */
function closure(bundle: Bundle, fileName: string, loaded: ReadonlySet<string>): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  const pending = [fileName]
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (seen.has(file) || loaded.has(file)) continue
    seen.add(file)
    const chunk = bundle[file]
    if (!chunk || chunk.type !== 'chunk') continue
    out.push(file, ...[...(chunk.viteMetadata?.importedCss ?? [])].filter((css) => !loaded.has(css)))
    pending.push(...chunk.imports)
  }
  return [...new Set(out)]
}

/**
 * The launch chunks of a bundle: every page chunk (a dynamic entry whose module is a page under
 * `sourceDir`, its route the path without extension) and every chunk named `locale-<locale>`, each
 * with what it loads that the start-up (the entry chunks and their static imports, with their CSS)
 * has not loaded already.
 */
export function launchChunks(bundle: Bundle, sourceDir: string): LaunchChunks {
  const chunks = Object.values(bundle).filter((c): c is LaunchChunk => c.type === 'chunk')
  const startUp = new Set<string>()
  for (const entry of chunks.filter((c) => c.isEntry)) for (const file of closure(bundle, entry.fileName, new Set())) startUp.add(file)
  const files: string[] = []
  const indexOf = (file: string) => {
    const at = files.indexOf(file)
    return at >= 0 ? at : files.push(file) - 1
  }
  const routes: Record<string, number[]> = {}
  const locales: Record<string, number[]> = {}
  for (const chunk of chunks) {
    const page = chunk.isDynamicEntry && chunk.facadeModuleId ? path.relative(sourceDir, chunk.facadeModuleId.split('?')[0] ?? '').split(path.sep).join('/') : ''
    if (/^(pages|packages)\//.test(page)) routes[page.replace(/\.[jt]sx?$/, '')] = closure(bundle, chunk.fileName, startUp).map(indexOf)
    const locale = /^locale-(.+)$/.exec(chunk.name)?.[1]
    if (locale) locales[locale] = closure(bundle, chunk.fileName, startUp).map(indexOf)
  }
  return { files, routes, locales }
}
