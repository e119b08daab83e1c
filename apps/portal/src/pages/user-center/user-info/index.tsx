import { PreparingPage } from '@/components/page-frame'

export default function UserCenterUserInfoPage() {
  return <PreparingPage route="pages/user-center/user-info/index" />
}
