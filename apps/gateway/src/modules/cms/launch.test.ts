import type { CmsPage, Locale } from '@ess/contract'
import { describe, expect, it } from 'vitest'
import { launchData } from './launch'
import type { PageCache } from './service'

const page = (version: number): CmsPage => ({
  pageCode: 'homepage',
  version,
  floorList: [{ id: 'b', sort: 1, component: 'banner', slides: [{ image: { url: `/app/media/cms/v${version}.svg`, width: 690, height: 300 }, title: 't', item: null }] }],
})

describe('launchData (what the H5 page carries)', () => {
  it('answers the same object while the cache answers the same pages, and a new one once a page changes', async () => {
    const shown: Record<Locale, CmsPage> = { 'zh-CN': page(1), 'en-US': page(1) }
    const cache = { page: async (_code: string, locale: Locale) => shown[locale] } as unknown as PageCache
    const read = launchData(cache)
    const first = await read()
    expect(first.floors.homepage).toEqual({ 'zh-CN': shown['zh-CN'], 'en-US': shown['en-US'] })
    expect(first.preload).toEqual({ '': ['/app/media/cms/v1.svg'], 'pages/home/index': ['/app/media/cms/v1.svg'] })
    expect(await read()).toBe(first)
    shown['en-US'] = page(2)
    const second = await read()
    expect(second).not.toBe(first)
    expect(second.floors.homepage?.['en-US']?.version).toBe(2)
    expect(second.preload['']).toEqual(['/app/media/cms/v1.svg', '/app/media/cms/v2.svg'])
  })
})
