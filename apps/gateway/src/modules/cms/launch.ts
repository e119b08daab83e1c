import { LAUNCH_PAGE_CODES, LOCALES, PAGE_CODES, ROUTE_PATHS, type CmsPage, type LaunchData } from '@ess/contract'
import type { PageCache } from './service'

/** The first slide's picture of each banner floor of a page: what the page's largest paint waits for. */
const firstBannerImages = (page: CmsPage) =>
  page.floorList.flatMap((floor) => (floor.component === 'banner' && floor.slides[0] ? [floor.slides[0].image.url] : []))

/**
 * What the H5 page carries (LaunchData): the floors of the launch pages in both languages, read
 * through the page cache (a change published on any gateway shows in the next page served), and
 * the home banner's first picture for a launch at home ('' is the app's first page, home).
 *
 * The reader answers the same object while the cache answers the same pages (PageCache.page keeps
 * a page's object until it changes): the portal's page is made again only when that object changes.
 */
export function launchData(pages: PageCache): () => Promise<LaunchData> {
  let last: { read: CmsPage[]; data: LaunchData } | undefined
  return async () => {
    const read: CmsPage[] = []
    for (const code of LAUNCH_PAGE_CODES) for (const locale of LOCALES) read.push(await pages.page(code, locale))
    if (last && read.length === last.read.length && read.every((page, i) => page === last?.read[i])) return last.data
    const floors: LaunchData['floors'] = {}
    let at = 0
    for (const code of LAUNCH_PAGE_CODES) {
      const byLocale: LaunchData['floors'][string] = {}
      for (const locale of LOCALES) byLocale[locale] = read[at++]
      floors[code] = byLocale
    }
    const home = Object.values(floors[PAGE_CODES.home] ?? {})
    const images = [...new Set(home.flatMap(firstBannerImages))]
    const data: LaunchData = { floors, preload: images.length ? { '': images, [ROUTE_PATHS.home]: images } : {} }
    last = { read, data }
    return data
  }
}
