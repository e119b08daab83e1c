import { PreparingPage } from '@/components/page-frame'

export default function SafetyBindEmailPage() {
  return <PreparingPage route="packages/safety/bindEmail" />
}
