import { PreparingPage } from '@/components/page-frame'

export default function ServicePage() {
  return <PreparingPage route="pages/service/index" />
}
