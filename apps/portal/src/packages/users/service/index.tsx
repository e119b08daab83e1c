import { PreparingPage } from '@/components/page-frame'

export default function UsersServicePage() {
  return <PreparingPage route="packages/users/service/index" />
}
