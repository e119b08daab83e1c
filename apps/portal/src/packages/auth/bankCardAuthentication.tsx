import { PreparingPage } from '@/components/page-frame'

export default function AuthBankCardAuthenticationPage() {
  return <PreparingPage route="packages/auth/bankCardAuthentication" />
}
