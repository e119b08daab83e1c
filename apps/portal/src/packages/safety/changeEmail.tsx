import { PreparingPage } from '@/components/page-frame'

export default function SafetyChangeEmailPage() {
  return <PreparingPage route="packages/safety/changeEmail" />
}
