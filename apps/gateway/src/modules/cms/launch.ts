import { LAUNCH_PAGE_CODES, LOCALES, PAGE_CODES, ROUTE_PATHS, type CmsPage, type LaunchData, type Locale } from '@ess/contract'
import type { PageCache } from './service'

/** The first slide's picture of each banner floor of a page: what the page's largest paint waits for. */
const firstBannerImages = (page: CmsPage) =>
  page.floorList.flatMap((floor) => (floor.component === 'banner' && floor.slides[0] ? [floor.slides[0].image.url] : []))

/**
 * What the H5 page carries (LaunchData): the floors of the launch pages in both languages, read
 * through the page cache (a change published on any gateway shows in the next page served), and
 * the home banner's first picture for a launch at home ('' is the app's first page, home).
 */
export async function launchData(pages: PageCache): Promise<LaunchData> {
  const floors: LaunchData['floors'] = {}
  for (const code of LAUNCH_PAGE_CODES) {
    const byLocale: Partial<Record<Locale, CmsPage>> = {}
    for (const locale of LOCALES) byLocale[locale] = await pages.page(code, locale)
    floors[code] = byLocale
  }
  const home = Object.values(floors[PAGE_CODES.home] ?? {})
  const images = [...new Set(home.flatMap(firstBannerImages))]
  return { floors, preload: images.length ? { '': images, [ROUTE_PATHS.home]: images } : {} }
}
