import { PreparingPage } from '@/components/page-frame'

export default function UsersSettingPushSetPage() {
  return <PreparingPage route="packages/users/setting/pushSet" />
}
