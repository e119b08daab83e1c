import { PreparingPage } from '@/components/page-frame'

export default function SafetyReceptPasswdPage() {
  return <PreparingPage route="packages/safety/receptPasswd" />
}
