import { FLOOR_REFETCH_WINDOW_S, wire, type CmsPage, type Locale } from '@ess/contract/wire'
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

/** Test helper. */
export function resetFloors(): void {
  inflight.clear()
  floorsStore.setState({}, true)
}
