import { useDidShow } from '@tarojs/taro'
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { onSessionChange } from '../../core/auth/session'
import { floorsStore, loadFloors, type FloorsEntry } from '../../core/cms/floors'
import { useI18n } from '../../i18n'

/**
 * The floors of a CMS page for its tab: read when shown (inside the 600 s window this costs
 * nothing), again in another language, and forced after a login or logout (SPEC §4).
 * Returns the entry and the pull-down refresh handler (a forced read).
 */
export function useFloorsPage(code: string): { entry: FloorsEntry | undefined; refresh: () => Promise<unknown> } {
  const { locale } = useI18n()
  const entry = useStore(floorsStore, (s) => s[code])
  useDidShow(() => void loadFloors(code))
  useEffect(() => void loadFloors(code), [code, locale])
  useEffect(() => onSessionChange(() => void loadFloors(code, { force: true })), [code])
  return { entry, refresh: () => loadFloors(code, { force: true }) }
}
