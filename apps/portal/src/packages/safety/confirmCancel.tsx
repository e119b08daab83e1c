import { PreparingPage } from '@/components/page-frame'

export default function SafetyConfirmCancelPage() {
  return <PreparingPage route="packages/safety/confirmCancel" />
}
