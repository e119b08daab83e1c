import { PreparingPage } from '@/components/page-frame'

export default function UsersServiceWorldPage() {
  return <PreparingPage route="packages/users/service/world" />
}
