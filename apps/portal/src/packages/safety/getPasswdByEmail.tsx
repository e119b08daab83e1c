import { PreparingPage } from '@/components/page-frame'

export default function SafetyGetPasswdByEmailPage() {
  return <PreparingPage route="packages/safety/getPasswdByEmail" />
}
