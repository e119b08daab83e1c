import { PreparingPage } from '@/components/page-frame'

export default function NewsPage() {
  return <PreparingPage route="packages/news/index" />
}
