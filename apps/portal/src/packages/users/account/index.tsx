import { PreparingPage } from '@/components/page-frame'

export default function UsersAccountPage() {
  return <PreparingPage route="packages/users/account/index" />
}
