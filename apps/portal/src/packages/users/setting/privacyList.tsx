import { PreparingPage } from '@/components/page-frame'

export default function UsersSettingPrivacyListPage() {
  return <PreparingPage route="packages/users/setting/privacyList" />
}
