import { PreparingPage } from '@/components/page-frame'

export default function UsersHelpPage() {
  return <PreparingPage route="packages/users/help/index" />
}
