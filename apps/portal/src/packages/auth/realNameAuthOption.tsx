import { PreparingPage } from '@/components/page-frame'

export default function AuthRealNameAuthOptionPage() {
  return <PreparingPage route="packages/auth/realNameAuthOption" />
}
