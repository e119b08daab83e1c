import { Button } from '@nutui/nutui-react-taro'
import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { AuthHero } from '@/components/auth-form'
import { LoginPanel } from '@/components/auth-form/login-panel'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { miniLoginEntryShown, openLoginScreen } from '@/core/auth/entry'
import { useI18n } from '@/i18n'
import './index.scss'

/**
 * The mini-program login entry: phone login, or the other ways (login-type). On the web and in
 * the native webview the route shows the login screen itself.
 */
export default function LoginPage() {
  const { t } = useI18n()
  const { params } = useRouter()
  if (!miniLoginEntryShown()) {
    // The web has no separate entry: this route is the login screen itself.
    return (
      <PageFrame route="pages/login/index" className="auth-page">
        <LoginPanel params={params} />
      </PageFrame>
    )
  }
  return (
    <PageFrame route="pages/login/index" className="auth-page">
      <AuthHero title={t.auth.miniTitle} subtitle={t.auth.miniSubtitle} />
      <View className="mini-login">
        <Button type="primary" block shape="round" size="large" data-testid="phone-login" onClick={() => void openLoginScreen({ type: 'code' })}>
          {t.auth.phoneLogin}
        </Button>
        <Button className="mini-login__other" block shape="round" size="large" fill="outline" type="primary" data-testid="other-login" onClick={() => void openLoginScreen()}>
          {t.auth.otherLogin}
        </Button>
      </View>
    </PageFrame>
  )
}
