import { PreparingPage } from '@/components/page-frame'

export default function SafetyChangePhonePage() {
  return <PreparingPage route="packages/safety/changePhone" />
}
