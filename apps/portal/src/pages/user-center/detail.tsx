import { PreparingPage } from '@/components/page-frame'

export default function UserCenterDetailPage() {
  return <PreparingPage route="pages/user-center/detail" />
}
