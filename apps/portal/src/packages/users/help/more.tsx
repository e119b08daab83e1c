import { PreparingPage } from '@/components/page-frame'

export default function UsersHelpMorePage() {
  return <PreparingPage route="packages/users/help/more" />
}
