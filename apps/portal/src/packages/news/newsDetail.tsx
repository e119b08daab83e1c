import { PreparingPage } from '@/components/page-frame'

export default function NewsNewsDetailPage() {
  return <PreparingPage route="packages/news/newsDetail" />
}
