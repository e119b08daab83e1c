import { PREVIEW_PARAM, wire, type CmsPage, type Locale } from '@ess/contract/wire'
import { createStore } from 'zustand/vanilla'
import { getLocale } from '../../i18n/store'
import { request } from '../http/request'

/**
 * The preview of a page's draft, opened from the console's preview link
 * (`#/pages/home/index?preview=<token>`): the draft comes from cmsPreview (signed token,
 * short-lived), is never kept with the live floors, and the page shows a "preview" mark. A token
 * that is refused (altered, expired) leaves the page on its live floors with a note.
 */
export interface PreviewEntry {
  token: string
  page: CmsPage | null
  failed: boolean
  locale: Locale | null
}

export const previewStore = createStore<Record<string, PreviewEntry>>(() => ({}))

/** The preview token of a route's query, if any (a token is base64url-ish text with dots). */
export function previewTokenOf(params: Record<string, string | undefined> | undefined): string | null {
  const raw = params?.[PREVIEW_PARAM]
  if (!raw) return null
  const token = decodeURIComponent(raw)
  return /^[a-z0-9_-]+\.\d+\.[0-9a-f]+$/i.test(token) && token.length <= 300 ? token : null
}

/** Reads the draft of `code` for a preview token (again when the language changed). */
export async function loadPreview(code: string, token: string): Promise<CmsPage | null> {
  const locale = getLocale()
  const known = previewStore.getState()[code]
  if (known && known.token === token && known.locale === locale && (known.page || known.failed)) return known.page
  const page = await request(wire.cmsPreview, { pageCode: code, token }, { needShowToast: false })
  previewStore.setState((s) => ({ ...s, [code]: { token, page: page ?? null, failed: !page, locale } }))
  return page ?? null
}

/** Test helper. */
export function resetPreview(): void {
  previewStore.setState({}, true)
}
