import { PreparingPage } from '@/components/page-frame'

export default function UsersVersionPage() {
  return <PreparingPage route="packages/users/version/index" />
}
