import { PreparingPage } from '@/components/page-frame'

export default function SafetyBindPhoneNumPage() {
  return <PreparingPage route="packages/safety/bindPhoneNum" />
}
