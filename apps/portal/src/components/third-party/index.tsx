import { ROUTE_PATHS, type ExternalAccount, type ThirdPartyProvider } from '@ess/contract/wire'
import { Weixin } from '@nutui/icons-react-taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { AgreementRow, SubmitButton, TextRow } from '../auth-form/form-rows'
import { useCaptchaGate } from '../auth-form/captcha-gate'
import { grantPrivacyConsent } from '../../core/auth/consent'
import { afterFirstPaint } from '../../core/first-paint'
import type { PasswordLoginForm } from '../../core/auth/forms'
import { schemaResolver } from '../../core/forms/lazy'
import { fieldMessage } from '../../core/forms/messages'
import { openRoute } from '../../core/navigation'
import { canLeaveForProvider, loadBindLoginAccount, loadProviders, startProviderLogin } from '../../core/third-party/providers'
import { toast } from '../../core/toast'
import { fill, useI18n } from '../../i18n'
import { pressable } from '../a11y/pressable'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { thirdPartyTexts } from '../../i18n/third-party'
import { authTexts } from '../../i18n/auth'

/**
 * The provider's mark: WeChat's own icon, QQ and Weibo by their names, in the provider's colour.
 * Decorative (the control beside it is named): the letters are drawn by CSS, so they are not part of
 * the control's visible text either (its label starts with what is shown).
 */
export function ProviderBadge({ provider, large }: { provider: ThirdPartyProvider; large?: boolean }) {
  const tpt = useTexts(thirdPartyTexts)
  return (
    <View className={`tp-badge tp-badge--${provider}${large ? ' tp-badge--large' : ''}`} aria-hidden>
      {provider === 'wechat' ? <Weixin size={large ? 26 : 22} color="#fff" /> : <Text className="tp-badge__mark" data-mark={provider === 'qq' ? 'QQ' : tpt.providers.weibo.slice(0, 1)} />}
    </View>
  )
}

/** "Other ways to log in": a round button per provider this deployment offers (web only). */
export function ProviderLoginRow() {
  const tpt = useTexts(thirdPartyTexts)
  const [providers, setProviders] = useState<ThirdPartyProvider[]>([])
  const [leaving, setLeaving] = useState<ThirdPartyProvider | null>(null)
  useEffect(() => {
    let alive = true
    // A row below the sign-in form, after the form's first paint.
    if (canLeaveForProvider()) void afterFirstPaint().then(() => (alive ? loadProviders({ needShowToast: false }).then(setProviders) : undefined))
    return () => {
      alive = false
    }
  }, [])
  if (!providers.length) return null
  const start = async (provider: ThirdPartyProvider) => {
    setLeaving(provider)
    try {
      await startProviderLogin(provider)
    } catch {
      setLeaving(null)
    }
  }
  return (
    <View className="tp-login" data-testid="third-party-login">
      <View className="tp-login__divider">
        <Text>{tpt.otherWays}</Text>
      </View>
      <View className="tp-login__buttons">
        {providers.map((provider) => {
          const label = fill(tpt.signInWith, { provider: tpt.providers[provider] })
          return (
            <View
              key={provider}
              className={`tp-login__button${leaving === provider ? ' tp-login__button--busy' : ''}`}
              {...pressable(() => void (leaving ? undefined : start(provider)))}
              aria-label={label}
              data-testid={`login-with-${provider}`}
            >
              <ProviderBadge provider={provider} />
              <Text className="tp-login__name">{tpt.providers[provider]}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}

/**
 * The first sign-in with an external account nobody has bound: which account it is, and binding
 * it to an existing account by that account's password (behind the slider puzzle, like a sign-in),
 * or registering first.
 */
export function BindPanel({ bindLoginToken, account, returnUrl }: { bindLoginToken: string; account: ExternalAccount; returnUrl?: string }) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const tp = useTexts(thirdPartyTexts)
  const gate = useCaptchaGate()
  const [busy, setBusy] = useState(false)
  const provider = tp.providers[account.provider]
  const { control, handleSubmit, formState } = useForm<PasswordLoginForm>({
    resolver: schemaResolver('passwordLoginForm'),
    defaultValues: { account: '', password: '', agreed: false },
  })
  const err = (name: keyof PasswordLoginForm) => fieldMessage(formState.errors[name]?.message, locale)
  const submit = handleSubmit((values) => {
    grantPrivacyConsent()
    gate.ask(async (captchaToken) => {
      setBusy(true)
      try {
        // The binding call (the password's encryption, the session's start) is not part of the sign-in
        // screens' first paint (core/third-party/providers.ts); here after a provider's return it has come.
        const { bindToAccount } = await import('../../core/third-party')
        await bindToAccount({ bindLoginToken, externalId: account.externalId, account: values.account, password: values.password, captchaToken }, { returnUrl })
        toast(tp.bound, { icon: 'success' })
      } catch {
        /* refused: toasted by the request client */
      } finally {
        setBusy(false)
      }
    })
  })
  return (
    <View className="auth-card tp-bind" data-testid="bind-panel">
      <View className="tp-bind__head">
        <ProviderBadge provider={account.provider} large />
        <Text className="tp-bind__title">{fill(tp.bindTitle, { provider })}</Text>
        <Text className="tp-bind__intro">{fill(tp.bindIntro, { provider, nickname: account.nickname })}</Text>
      </View>
      <Text className="tp-bind__label">{tp.bindExisting}</Text>
      <TextRow control={control} name="account" error={err('account')} placeholder={aux.accountPlaceholder} maxLength={254} />
      <TextRow control={control} name="password" error={err('password')} type="password" placeholder={aux.passwordPlaceholder} />
      <AgreementRow control={control} error={err('agreed')} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {tp.bindSubmit}
      </SubmitButton>
      <View className="tp-bind__register" {...pressable(() => void openRoute(ROUTE_PATHS.register, { bindLoginToken }), 'link')} data-testid="bind-register">
        {tp.bindOrRegister}
      </View>
      {gate.popup}
    </View>
  )
}

/** On the registration page opened from a third-party sign-in: the account the new one will have bound. */
export function PendingBindingNote({ bindLoginToken }: { bindLoginToken: string }) {
  const tpt = useTexts(thirdPartyTexts)
  const [account, setAccount] = useState<ExternalAccount | null>(null)
  useEffect(() => {
    void loadBindLoginAccount(bindLoginToken).then((a) => setAccount(a ?? null))
  }, [bindLoginToken])
  if (!account) return null
  return (
    <View className="tp-note" data-testid="pending-binding">
      <ProviderBadge provider={account.provider} />
      <Text className="tp-note__text">{fill(tpt.registerWillBind, { provider: tpt.providers[account.provider], nickname: account.nickname })}</Text>
    </View>
  )
}
