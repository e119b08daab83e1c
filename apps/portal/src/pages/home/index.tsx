import { PAGE_CODES } from '@ess/contract'
import { useDidShow } from '@tarojs/taro'
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { FloorList, FloorsSkeleton } from '@/components/floors'
import { PageFrame } from '@/components/page-frame'
import { onSessionChange } from '@/core/auth/session'
import { floorsStore, loadFloors } from '@/core/cms/floors'
import { useI18n } from '@/i18n'
import { FloorsFailed } from '@/components/floors/failed'

/** Home (SPEC §2): the floors of page `homepage`; pull-down refresh forces a fetch. */
export default function HomePage() {
  const { locale } = useI18n()
  const entry = useStore(floorsStore, (s) => s[PAGE_CODES.home])
  useDidShow(() => void loadFloors(PAGE_CODES.home))
  useEffect(() => void loadFloors(PAGE_CODES.home), [locale])
  useEffect(() => onSessionChange(() => void loadFloors(PAGE_CODES.home, { force: true })), [])
  return (
    <PageFrame route="pages/home/index" onRefresh={() => loadFloors(PAGE_CODES.home, { force: true })}>
      {entry?.page ? <FloorList floors={entry.page.floorList} origin="home" /> : entry?.failed ? <FloorsFailed code={PAGE_CODES.home} /> : <FloorsSkeleton />}
    </PageFrame>
  )
}
