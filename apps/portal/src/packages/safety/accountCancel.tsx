import { PreparingPage } from '@/components/page-frame'

export default function SafetyAccountCancelPage() {
  return <PreparingPage route="packages/safety/accountCancel" />
}
