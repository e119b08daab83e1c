import { useRouter } from '@tarojs/taro'
// Relative on purpose: Taro's platform suffix swaps in login-route.weapp.tsx for relative paths only.
import { LoginRoute } from '../../components/auth-form/login-route'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import './index.scss'

/**
 * The mini-program login entry: WeChat's phone-number quick sign-in (once the agreements are
 * ticked), phone login, or the other ways (login-type). On the web and in the native webview the
 * route shows the login screen itself (components/auth-form/login-route).
 */
export default function LoginPage() {
  const { params } = useRouter()
  return (
    <PageFrame route="pages/login/index" className="auth-page">
      <LoginRoute params={params} />
    </PageFrame>
  )
}
