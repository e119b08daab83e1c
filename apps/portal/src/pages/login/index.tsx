import { PreparingPage } from '@/components/page-frame'

export default function LoginPage() {
  return <PreparingPage route="pages/login/index" />
}
