import { PreparingPage } from '@/components/page-frame'

export default function HomePage() {
  return <PreparingPage route="pages/home/index" />
}
