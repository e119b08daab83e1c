import { PreparingPage } from '@/components/page-frame'

export default function AuthIdNumberAuthenticationPage() {
  return <PreparingPage route="packages/auth/idNumberAuthentication" />
}
