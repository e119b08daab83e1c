import { PAGE_CODES } from '@ess/contract/wire'
import { FloorList, FloorsSkeleton } from '@/components/floors'
import { FloorsFailed } from '@/components/floors/failed'
import { useFloorsPage } from '@/components/floors/use-floors-page'
import { PageFrame } from '@/components/page-frame'
import { PreviewMark } from '@/components/cms/preview-mark'

/** Services (SPEC §2): the grouped grids of page `servicegrid`; pull-down refresh forces a fetch. */
export default function ServicePage() {
  const { entry, refresh, preview } = useFloorsPage(PAGE_CODES.services)
  return (
    <PageFrame route="pages/service/index" onRefresh={refresh}>
      {preview && <PreviewMark failed={preview.failed} />}
      {preview?.page ? (
        <FloorList floors={preview.page.floorList} origin="service" />
      ) : entry?.page ? (
        <FloorList floors={entry.page.floorList} origin="service" />
      ) : entry?.failed ? (
        <FloorsFailed code={PAGE_CODES.services} />
      ) : (
        <FloorsSkeleton banner={false} />
      )}
    </PageFrame>
  )
}
