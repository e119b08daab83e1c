import { describe, expect, it } from 'vitest'
import { type LaunchChunk, launchChunks } from '../config/launch-chunks'

const SRC = '/repo/apps/portal/src'
const chunk = (fileName: string, imports: string[], extra: Partial<LaunchChunk> = {}): LaunchChunk => ({
  type: 'chunk',
  fileName,
  name: fileName.split('/').pop()?.split('.')[0] ?? '',
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
})
const css = (...files: string[]) => ({ viteMetadata: { importedCss: new Set(files) } })

describe('the launch chunks the build writes into index.html (config/launch-chunks.ts)', () => {
  const bundle = {
    'js/app.a.js': chunk('js/app.a.js', ['js/vendors.b.js', 'js/common.c.js'], { isEntry: true, facadeModuleId: `${SRC}/app.ts`, ...css('static/css/app.x.css') }),
    'js/vendors.b.js': chunk('js/vendors.b.js', [], css('static/css/vendors.y.css')),
    'js/common.c.js': chunk('js/common.c.js', ['js/vendors.b.js']),
    'js/newsDetail.d.js': chunk('js/newsDetail.d.js', ['js/common-lazy.e.js', 'js/common.c.js'], { isDynamicEntry: true, facadeModuleId: `${SRC}/packages/news/newsDetail.tsx?taro-page` }),
    'js/common-lazy.e.js': chunk('js/common-lazy.e.js', ['js/vendors.b.js', 'js/texts-help.f.js'], css('static/css/common-lazy.z.css')),
    'js/texts-help.f.js': chunk('js/texts-help.f.js', []),
    'js/index.g.js': chunk('js/index.g.js', ['js/common-lazy.e.js'], { isDynamicEntry: true, facadeModuleId: `${SRC}/pages/user-center/index.tsx`, ...css('static/css/index.w.css') }),
    'js/locale-en-US.h.js': chunk('js/locale-en-US.h.js', ['js/common.c.js'], { isDynamicEntry: true, facadeModuleId: `${SRC}/i18n/en-US.pack.ts` }),
    // A lazy part that is not a page (the consent panel): no route of its own.
    'js/panel.i.js': chunk('js/panel.i.js', ['js/common.c.js'], { isDynamicEntry: true, facadeModuleId: `${SRC}/components/privacy-consent/panel.tsx` }),
    'static/css/app.x.css': { type: 'asset' as const },
  }
  const { files, routes, locales } = launchChunks(bundle, SRC)
  const named = (indexes: number[] | undefined) => indexes?.map((i) => files[i])

  it("lists each page's chunk, the chunks it imports at any depth and their CSS, leaving out what the start-up loaded", () => {
    expect(named(routes['packages/news/newsDetail'])).toEqual(['js/newsDetail.d.js', 'js/common-lazy.e.js', 'static/css/common-lazy.z.css', 'js/texts-help.f.js'])
    expect(named(routes['pages/user-center/index'])).toEqual(['js/index.g.js', 'static/css/index.w.css', 'js/common-lazy.e.js', 'static/css/common-lazy.z.css', 'js/texts-help.f.js'])
    expect(Object.keys(routes).sort()).toEqual(['packages/news/newsDetail', 'pages/user-center/index'])
  })

  it('lists the texts of each language with a chunk of its own', () => {
    expect(locales).toEqual({ 'en-US': [files.indexOf('js/locale-en-US.h.js')] })
  })

  it('names each file once', () => {
    expect(new Set(files).size).toBe(files.length)
    expect(files).not.toContain('js/vendors.b.js')
    expect(files).not.toContain('static/css/vendors.y.css')
  })
})
