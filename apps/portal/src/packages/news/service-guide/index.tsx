import { PreparingPage } from '@/components/page-frame'

export default function NewsServiceGuidePage() {
  return <PreparingPage route="packages/news/service-guide/index" />
}
