/** The parts of Rollup's output this reads and changes (Vite adds the CSS a chunk imports as `viteMetadata`). */
export interface StyledChunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

export interface CssAsset {
  type: 'asset'
  fileName: string
  source: string | Uint8Array
}

type Bundle = Record<string, StyledChunk | CssAsset | { type: 'asset'; fileName: string }>

/**
 * The order of a bundle's stylesheets in one file: from each entry, the chunks it imports (at any
 * depth, each before its importer) and then its own; then the chunks loaded later, in the order their
 * importers name them, the same way. A chunk's CSS comes after the CSS of every chunk it imports — as
 * when each was a file of its own, added to the page after the files of what it imports — so a page's
 * rules come after the UI kit's rules they refine.
 */
export function stylesheetOrder(bundle: Bundle): string[] {
  // A Set keeps the order things were first added in: each stylesheet at its first place.
  const order = new Set<string>()
  const seen = new Set<string>()
  const later = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return
    seen.add(fileName)
    for (const imported of chunk.imports) visit(imported)
    for (const loaded of chunk.dynamicImports) later.add(loaded)
    for (const css of chunk.viteMetadata?.importedCss ?? []) order.add(css)
  }
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName)
  // A Set iterates over what is added while it is iterated: the chunks loaded by later chunks too.
  for (const fileName of later) visit(fileName)
  return [...order]
}

const CHARSETS = /@charset\s+"UTF-8";/gi

/**
 * The bundle's stylesheets as one (`files` in order): their text joined, one `@charset` at its head
 * where any had one (a `@charset` counts only there).
 */
export function joinStylesheets(bundle: Bundle, files: readonly string[]): string {
  const texts = files.map((file) => {
    const asset = bundle[file]
    if (!asset || asset.type !== 'asset' || !('source' in asset)) throw new Error(`one stylesheet: ${file} is not a CSS file of the bundle`)
    return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
  })
  const bare = texts.map((text) => text.replaceAll(CHARSETS, ''))
  const charset = bare.some((text, i) => text !== texts[i]) ? '@charset "UTF-8";' : ''
  return charset + bare.join('\n')
}

interface EmitContext {
  emitFile(file: { type: 'asset'; name: string; source: string }): string
  getFileName(referenceId: string): string
}

/**
 * The H5 build's CSS as one file, loaded at start (config/index.ts): a launch at any route then asks
 * for its page's scripts only, not a stylesheet beside each (11.6 → 7.7 files a route; Lighthouse's
 * simulation counts every request before the paint in the LCP, bench/RESULTS.md).
 *
 * Vite's own option for it, `build.cssCodeSplit: false`, falls short in Vite 4 (Taro 4.2's runner
 * requires `vite@^4`): it joins the chunks' CSS in the order Rollup happens to render the chunks, so
 * a page's rule could come before the UI kit's rule it refines (every form's submit button lost its
 * margin). Vite 5 joins them by imports, as this does; drop this plugin for `cssCodeSplit: false`
 * when the runner moves to Vite ≥ 5.
 *
 * A stylesheet no chunk loads stays out, as before (Swiper's, in a chunk nothing imports since
 * config/index.ts's SIDE_EFFECT_FREE dropped its import: 18 KB Vite's option put back in).
 *
 * It runs before Vite's HTML plugin and its preload rewriting (an ordinary plugin's `generateBundle`
 * runs before theirs): the chunks then name no CSS but the entry's one file, so index.html links
 * only it and no dynamic import asks for a stylesheet.
 */
export function oneStylesheet() {
  return {
    name: 'ess:one-stylesheet',
    apply: 'build' as const,
    generateBundle(this: EmitContext, _options: unknown, bundle: Bundle) {
      const files = stylesheetOrder(bundle)
      if (files.length === 0) return
      const source = joinStylesheets(bundle, files)
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'style.css', source }))
      for (const file of files) delete bundle[file]
      const chunks = Object.values(bundle).filter((chunk): chunk is StyledChunk => chunk.type === 'chunk')
      for (const chunk of chunks) chunk.viteMetadata?.importedCss.clear()
      const entries = chunks.filter((chunk) => chunk.isEntry && chunk.viteMetadata)
      if (entries.length === 0) throw new Error('one stylesheet: the bundle has no entry chunk to link it')
      for (const entry of entries) entry.viteMetadata!.importedCss.add(fileName)
    },
  }
}
