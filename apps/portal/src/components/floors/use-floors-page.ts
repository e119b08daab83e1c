import { useDidShow, useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { onSessionChange } from '../../core/auth/session'
import { floorsStore, loadFloors, type FloorsEntry } from '../../core/cms/floors'
import { loadPreview, previewStore, previewTokenOf, type PreviewEntry } from '../../core/cms/preview'
import { useI18n } from '../../i18n'

/**
 * The floors of a CMS page for its tab: read when shown (inside the 600 s window this costs
 * nothing), again in another language, and forced after a login or logout (SPEC §4).
 * Returns the entry, the pull-down refresh handler (a forced read), and the preview of the page's
 * draft when the route carries a console preview token (null otherwise).
 */
export function useFloorsPage(code: string): { entry: FloorsEntry | undefined; refresh: () => Promise<unknown>; preview: PreviewEntry | null } {
  const { locale } = useI18n()
  const entry = useStore(floorsStore, (s) => s[code])
  const token = previewTokenOf(useRouter().params)
  const preview = useStore(previewStore, (s) => s[code])
  useDidShow(() => void loadFloors(code))
  useEffect(() => void loadFloors(code), [code, locale])
  useEffect(() => void (token && loadPreview(code, token)), [code, token, locale])
  useEffect(() => onSessionChange(() => void loadFloors(code, { force: true })), [code])
  return { entry, refresh: () => loadFloors(code, { force: true }), preview: token && preview?.token === token ? preview : null }
}
