import { type AppAgreement, ruleMessage } from '@ess/contract/wire'
import { Button } from '@nutui/nutui-react-taro'
import { Button as NativeButton, View } from '@tarojs/components'
import { useState } from 'react'
import { loginByWechatPhone } from '../../core/auth/login'
import { openLoginScreen } from '../../core/auth/entry'
import { toast } from '../../core/toast'
import { useI18n } from '../../i18n'
import { AgreementCheck, AuthHero, SignedOutNotice } from './index'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

/**
 * The mini-program login entry (pages/login/index, main package): WeChat's phone-number quick
 * sign-in (once the agreements are ticked), phone login, or the other ways (login-type). The forms
 * live in the login subpackage.
 */
export function LoginRoute({ params }: { params: Record<string, string | undefined> }) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const [agreed, setAgreed] = useState(false)
  const [agreements, setAgreements] = useState<AppAgreement[]>([])
  const [needsAgreement, setNeedsAgreement] = useState(false)
  const [busy, setBusy] = useState(false)

  const onPhone = async (code: string | undefined) => {
    if (!code) return void toast(aux.wechatPhoneDenied)
    setBusy(true)
    try {
      await loginByWechatPhone({ phoneCode: code, agreementIds: agreements.map((a) => a.agreementId) }, { returnUrl: params.returnUrl })
      toast(aux.loggedIn, { icon: 'success' })
    } catch {
      /* toasted */
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <AuthHero title={aux.miniTitle} subtitle={aux.miniSubtitle} />
      <SignedOutNotice />
      <View className="mini-login">
        {/* WeChat opens its phone-number sheet on the tap itself: the button asks for it only once the agreements are ticked. */}
        <NativeButton
          className={`mini-login__wechat${busy ? ' mini-login__wechat--busy' : ''}`}
          openType={agreed && !busy ? 'getPhoneNumber' : undefined}
          disabled={busy}
          data-testid="wechat-phone-login"
          onGetPhoneNumber={(event) => void onPhone((event.detail as { code?: string }).code)}
          onClick={() => !agreed && setNeedsAgreement(true)}
        >
          {aux.wechatPhoneLogin}
        </NativeButton>
        <Button className="mini-login__other" type="primary" block shape="round" size="large" fill="outline" data-testid="phone-login" onClick={() => void openLoginScreen({ type: 'code' })}>
          {aux.phoneLogin}
        </Button>
        <Button className="mini-login__other" block shape="round" size="large" fill="none" data-testid="other-login" onClick={() => void openLoginScreen()}>
          {aux.otherLogin}
        </Button>
        <AgreementCheck
          checked={agreed}
          onChange={(value) => {
            setAgreed(value)
            if (value) setNeedsAgreement(false)
          }}
          onAgreements={setAgreements}
          error={needsAgreement ? ruleMessage('agreement.required', locale) : undefined}
        />
      </View>
    </>
  )
}
