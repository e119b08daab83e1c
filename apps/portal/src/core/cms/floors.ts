import { FLOOR_REFETCH_WINDOW_S, PAGE_CODES, ROUTE_PATHS, wire, type CmsPage, type LaunchData, type Locale } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { getLocale } from '../../i18n/store'
import { request } from '../http/request'

/**
 * The floor lists of the home and services pages (SPEC §4): fetched at most every
 * FLOOR_REFETCH_WINDOW_S (600 s) unless forced (pull-down refresh, a login or logout, another
 * language), and never twice at once: a second ask while a fetch runs shares it.
 */
export interface FloorsEntry {
  page: CmsPage | null
  loading: boolean
  failed: boolean
  /** ms of the last successful fetch, and its language. */
  fetchedAt: number
  locale: Locale | null
}

export const floorsStore = createStore<Record<string, FloorsEntry>>(() => ({}))
const inflight = new Map<string, Promise<CmsPage | null>>()
const EMPTY: FloorsEntry = { page: null, loading: false, failed: false, fetchedAt: 0, locale: null }

export function floorsOf(code: string): FloorsEntry {
  return floorsStore.getState()[code] ?? EMPTY
}

function patch(code: string, value: Partial<FloorsEntry>) {
  floorsStore.setState((s) => ({ ...s, [code]: { ...(s[code] ?? EMPTY), ...value } }))
}

export async function loadFloors(code: string, { force = false, now = Date.now } = {}): Promise<CmsPage | null> {
  const running = inflight.get(code)
  if (running) return running
  const entry = floorsOf(code)
  const locale = getLocale()
  const fresh = entry.page && entry.locale === locale && now() - entry.fetchedAt < FLOOR_REFETCH_WINDOW_S * 1000
  if (fresh && !force) return entry.page
  patch(code, { loading: true })
  const fetching = request(wire.cmsPage, { pageCode: code }, { needShowToast: !entry.page })
    .then((page) => {
      if (page) patch(code, { page, loading: false, failed: false, fetchedAt: now(), locale })
      else patch(code, { loading: false, failed: true })
      return page ?? entry.page
    })
    .finally(() => inflight.delete(code))
  inflight.set(code, fetching)
  return fetching
}

/** The CMS page each tab shows, by route; '' is the first page (home). */
const FLOORS_OF_ROUTE: Record<string, string> = {
  '': PAGE_CODES.home,
  [ROUTE_PATHS.home]: PAGE_CODES.home,
  [ROUTE_PATHS.service]: PAGE_CODES.services,
}

/**
 * Called at start with the route the app opens at and what the host page carried (H5: the
 * gateway writes the home page's floors into the page, LaunchData). Carried floors in the app's
 * language are taken as just fetched: the home page draws its banner at its first render, with no
 * call before it. Otherwise the floors of a home or services launch are asked for at once, beside
 * the loading of the page's own code, instead of after its first render (the page's own ask then
 * shares this one).
 */
export function prefetchLaunchFloors(route: string, carried: LaunchData | null = null, { now = Date.now } = {}): void {
  const locale = getLocale()
  for (const [code, pages] of Object.entries(carried?.floors ?? {})) {
    const page = pages[locale]
    if (page && page.pageCode === code && Array.isArray(page.floorList)) patch(code, { page, loading: false, failed: false, fetchedAt: now(), locale })
  }
  const code = FLOORS_OF_ROUTE[route]
  if (code && !floorsOf(code).page) void loadFloors(code)
}

/** Test helper. */
export function resetFloors(): void {
  inflight.clear()
  floorsStore.setState({}, true)
}
