import { PreparingPage } from '@/components/page-frame'

export default function UsersIdentityFailPage() {
  return <PreparingPage route="packages/users/identity/fail" />
}
