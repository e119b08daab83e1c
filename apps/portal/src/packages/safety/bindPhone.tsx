import { PreparingPage } from '@/components/page-frame'

export default function SafetyBindPhonePage() {
  return <PreparingPage route="packages/safety/bindPhone" />
}
