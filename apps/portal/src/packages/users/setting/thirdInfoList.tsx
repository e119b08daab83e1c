import { PreparingPage } from '@/components/page-frame'

export default function UsersSettingThirdInfoListPage() {
  return <PreparingPage route="packages/users/setting/thirdInfoList" />
}
