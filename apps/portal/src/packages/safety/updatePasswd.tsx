import { PreparingPage } from '@/components/page-frame'

export default function SafetyUpdatePasswdPage() {
  return <PreparingPage route="packages/safety/updatePasswd" />
}
