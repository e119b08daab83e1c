import { PreparingPage } from '@/components/page-frame'

export default function SafetyAuthListPage() {
  return <PreparingPage route="packages/safety/authList" />
}
