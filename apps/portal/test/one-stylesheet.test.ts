import { describe, expect, it } from 'vitest'
import { type CssAsset, type StyledChunk, joinStylesheets, oneStylesheet, stylesheetOrder } from '../config/one-stylesheet'

const chunk = (fileName: string, imports: string[], css: string[] = [], extra: Partial<StyledChunk> = {}): StyledChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  imports,
  dynamicImports: [],
  viteMetadata: { importedCss: new Set(css) },
  ...extra,
})
const asset = (fileName: string, source: string | Uint8Array): CssAsset => ({ type: 'asset', fileName, source })

/**
 * A bundle like the H5 build's: the entry with vendors (the UI kit's base rules) and common; a page
 * loaded later whose own rules refine a rule of a lazy UI-kit chunk it imports, listed before it in
 * the bundle (the order Vite 4's `cssCodeSplit: false` followed); a chunk nothing imports.
 */
function bundle() {
  return {
    'js/page.p.js': chunk('js/page.p.js', ['js/kit-lazy.k.js', 'js/common.c.js'], ['static/css/page.p.css'], { dynamicImports: ['js/later.l.js'] }),
    'js/app.a.js': chunk('js/app.a.js', ['js/common.c.js', 'js/vendors.v.js'], [], { isEntry: true }),
    'js/common.c.js': chunk('js/common.c.js', ['js/vendors.v.js'], ['static/css/common.c.css'], { dynamicImports: ['js/page.p.js'] }),
    'js/vendors.v.js': chunk('js/vendors.v.js', [], ['static/css/vendors.v.css']),
    'js/kit-lazy.k.js': chunk('js/kit-lazy.k.js', ['js/vendors.v.js'], ['static/css/kit-lazy.k.css']),
    'js/later.l.js': chunk('js/later.l.js', ['js/kit-lazy.k.js'], ['static/css/later.l.css']),
    'js/orphan.o.js': chunk('js/orphan.o.js', ['js/vendors.v.js'], ['static/css/orphan.o.css']),
    'static/css/vendors.v.css': asset('static/css/vendors.v.css', '@charset "UTF-8";.kit-button{margin:0}'),
    'static/css/common.c.css': asset('static/css/common.c.css', '.app{color:red}'),
    'static/css/kit-lazy.k.css': asset('static/css/kit-lazy.k.css', new TextEncoder().encode('.kit-cell{padding:0}')),
    'static/css/page.p.css': asset('static/css/page.p.css', '.submit{margin-top:48px}'),
    'static/css/later.l.css': asset('static/css/later.l.css', '@charset "utf-8";.later{color:blue}'),
    'static/css/orphan.o.css': asset('static/css/orphan.o.css', '.swiper{display:block}'),
  }
}

describe('the one stylesheet of the H5 build (config/one-stylesheet.ts)', () => {
  it('puts each chunk’s CSS after the CSS of the chunks it imports: the start-up first, then the chunks loaded later as they are named', () => {
    expect(stylesheetOrder(bundle())).toEqual([
      'static/css/vendors.v.css',
      'static/css/common.c.css',
      'static/css/kit-lazy.k.css',
      'static/css/page.p.css',
      'static/css/later.l.css',
    ])
  })

  it('joins them with one @charset at the head, text and bytes alike', () => {
    const b = bundle()
    expect(joinStylesheets(b, stylesheetOrder(b))).toBe(
      '@charset "UTF-8";.kit-button{margin:0}\n.app{color:red}\n.kit-cell{padding:0}\n.submit{margin-top:48px}\n.later{color:blue}',
    )
    expect(joinStylesheets(b, ['static/css/common.c.css'])).toBe('.app{color:red}')
    expect(() => joinStylesheets(b, ['js/app.a.js'])).toThrow(/not a CSS file/)
  })

  it('replaces the files with one the entry links, so no chunk names a stylesheet of its own; one nothing loads stays out', () => {
    const b: Record<string, StyledChunk | CssAsset> = bundle()
    const emitted: Array<{ name: string; source: string }> = []
    const context = {
      emitFile: (file: { type: 'asset'; name: string; source: string }) => {
        emitted.push(file)
        b['static/css/style.s.css'] = asset('static/css/style.s.css', file.source)
        return 'ref'
      },
      getFileName: (ref: string) => (ref === 'ref' ? 'static/css/style.s.css' : ''),
    }
    oneStylesheet().generateBundle.call(context, {}, b)
    expect(emitted.map((file) => file.name)).toEqual(['style.css'])
    expect(emitted[0]?.source).toContain('.kit-cell{padding:0}\n.submit{margin-top:48px}')
    expect(emitted[0]?.source).not.toContain('.swiper')
    expect(Object.keys(b).filter((file) => file.endsWith('.css')).sort()).toEqual(['static/css/orphan.o.css', 'static/css/style.s.css'])
    const linked = Object.values(b).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, [...(file.viteMetadata?.importedCss ?? [])]] as const] : []))
    expect(linked.filter(([, css]) => css.length > 0)).toEqual([['js/app.a.js', ['static/css/style.s.css']]])
  })

  it('leaves a bundle without CSS as it is', () => {
    const b = { 'js/app.a.js': chunk('js/app.a.js', [], [], { isEntry: true }) }
    const context = { emitFile: () => { throw new Error('nothing to emit') }, getFileName: () => '' }
    oneStylesheet().generateBundle.call(context, {}, b)
    expect(b['js/app.a.js'].viteMetadata?.importedCss.size).toBe(0)
  })
})
