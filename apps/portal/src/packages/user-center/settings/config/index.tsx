import { PreparingPage } from '@/components/page-frame'

export default function UserCenterSettingsConfigPage() {
  return <PreparingPage route="packages/user-center/settings/config/index" />
}
