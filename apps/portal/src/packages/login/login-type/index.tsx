import { PreparingPage } from '@/components/page-frame'

export default function LoginLoginTypePage() {
  return <PreparingPage route="packages/login/login-type/index" />
}
