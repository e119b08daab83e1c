import { PAGE_CODES } from '@ess/contract/wire'
import { FloorList, FloorsSkeleton } from '@/components/floors'
import { FloorsFailed } from '@/components/floors/failed'
import { useFloorsPage } from '@/components/floors/use-floors-page'
import { PageFrame } from '@/components/page-frame'
import { PreviewMark } from '@/components/cms/preview-mark'

/** Home (SPEC §2): the floors of page `homepage`; pull-down refresh forces a fetch. */
export default function HomePage() {
  const { entry, refresh, preview } = useFloorsPage(PAGE_CODES.home)
  return (
    <PageFrame route="pages/home/index" onRefresh={refresh}>
      {preview && <PreviewMark failed={preview.failed} />}
      {preview?.page ? (
        <FloorList floors={preview.page.floorList} origin="home" />
      ) : entry?.page ? (
        <FloorList floors={entry.page.floorList} origin="home" />
      ) : entry?.failed ? (
        <FloorsFailed code={PAGE_CODES.home} />
      ) : (
        <FloorsSkeleton />
      )}
    </PageFrame>
  )
}
