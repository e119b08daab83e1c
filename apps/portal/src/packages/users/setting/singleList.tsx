import { PreparingPage } from '@/components/page-frame'

export default function UsersSettingSingleListPage() {
  return <PreparingPage route="packages/users/setting/singleList" />
}
