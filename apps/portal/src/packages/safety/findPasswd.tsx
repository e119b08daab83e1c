import { PreparingPage } from '@/components/page-frame'

export default function SafetyFindPasswdPage() {
  return <PreparingPage route="packages/safety/findPasswd" />
}
