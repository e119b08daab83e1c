import { PAGE_CODES } from '@ess/contract/wire'
import { FloorList, FloorsSkeleton } from '@/components/floors'
import { FloorsFailed } from '@/components/floors/failed'
import { useFloorsPage } from '@/components/floors/use-floors-page'
import { PageFrame } from '@/components/page-frame'

/** Services (SPEC §2): the grouped grids of page `servicegrid`; pull-down refresh forces a fetch. */
export default function ServicePage() {
  const { entry, refresh } = useFloorsPage(PAGE_CODES.services)
  return (
    <PageFrame route="pages/service/index" onRefresh={refresh}>
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
