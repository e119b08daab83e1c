import { useRouter } from '@tarojs/taro'
import { LoginPanel } from '@/components/auth-form/login-panel'
import { PageFrame } from '@/components/page-frame'

/** Login (SPEC §2): by password or by SMS code. */
export default function LoginTypePage() {
  const { params } = useRouter()
  return (
    <PageFrame route="packages/login/login-type/index" className="auth-page">
      <LoginPanel params={params} />
    </PageFrame>
  )
}
