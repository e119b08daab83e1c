import { PAGE_CODES } from '@ess/contract'
import { useDidShow } from '@tarojs/taro'
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { FloorList, FloorsSkeleton } from '@/components/floors'
import { FloorsFailed } from '@/components/floors/failed'
import { PageFrame } from '@/components/page-frame'
import { onSessionChange } from '@/core/auth/session'
import { floorsStore, loadFloors } from '@/core/cms/floors'
import { useI18n } from '@/i18n'

/** Services (SPEC §2): the grouped grids of page `servicegrid`; pull-down refresh forces a fetch. */
export default function ServicePage() {
  const { locale } = useI18n()
  const entry = useStore(floorsStore, (s) => s[PAGE_CODES.services])
  useDidShow(() => void loadFloors(PAGE_CODES.services))
  useEffect(() => void loadFloors(PAGE_CODES.services), [locale])
  useEffect(() => onSessionChange(() => void loadFloors(PAGE_CODES.services, { force: true })), [])
  return (
    <PageFrame route="pages/service/index" onRefresh={() => loadFloors(PAGE_CODES.services, { force: true })}>
      {entry?.page ? (
        <FloorList floors={entry.page.floorList} origin="service" />
      ) : entry?.failed ? (
        <FloorsFailed code={PAGE_CODES.services} />
      ) : (
        <FloorsSkeleton banner={false} />
      )}
    </PageFrame>
  )
}
