import { PreparingPage } from '@/components/page-frame'

export default function UsersIdentitySuccessPage() {
  return <PreparingPage route="packages/users/identity/success" />
}
