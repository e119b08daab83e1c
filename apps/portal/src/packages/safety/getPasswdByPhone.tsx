import { PreparingPage } from '@/components/page-frame'

export default function SafetyGetPasswdByPhonePage() {
  return <PreparingPage route="packages/safety/getPasswdByPhone" />
}
