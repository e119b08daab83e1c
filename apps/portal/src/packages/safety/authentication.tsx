import { PreparingPage } from '@/components/page-frame'

export default function SafetyAuthenticationPage() {
  return <PreparingPage route="packages/safety/authentication" />
}
