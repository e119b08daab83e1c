import { PreparingPage } from '@/components/page-frame'

export default function LoginRegisterPage() {
  return <PreparingPage route="packages/login/register/index" />
}
