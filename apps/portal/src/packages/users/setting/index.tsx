import { PreparingPage } from '@/components/page-frame'

export default function UsersSettingPage() {
  return <PreparingPage route="packages/users/setting/index" />
}
