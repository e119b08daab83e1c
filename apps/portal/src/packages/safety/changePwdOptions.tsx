import { PreparingPage } from '@/components/page-frame'

export default function SafetyChangePwdOptionsPage() {
  return <PreparingPage route="packages/safety/changePwdOptions" />
}
