import { DEFAULT_PHONE_REGION, NETWORK_ABNORMAL_TEXT, ROUTE_PATHS, type AppAgreement, type ExternalAccount } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { LinkedSentence } from '../sentence'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { AuthHero, Segmented, SignedOutNotice } from './index'
import { AgreementRow, CodeRow, PhoneRow, SubmitButton, TextRow } from './form-rows'
import { useCaptchaGate } from './captcha-gate'
import { pressable } from '../a11y/pressable'
import { useSchemasWhenUserActs } from './schemas-on-act'
import './index.scss'
import { sendCode } from '../../core/auth/codes'
import { grantPrivacyConsent } from '../../core/auth/consent'
import type { CodeLoginForm, PasswordLoginForm } from '../../core/auth/forms'
import { firstIssue, schemaResolver } from '../../core/forms/lazy'
import { fieldMessage } from '../../core/forms/messages'
import { loginCalls, preloadLoginCalls } from '../../core/auth/login-calls'
import { returnUrlParam } from '../../core/auth/redirect'
import { openRoute } from '../../core/navigation'
import { toast } from '../../core/toast'
import { hasOAuthReturn } from '../../core/third-party/providers'
import { useI18n } from '../../i18n'
import { BindPanel, ProviderLoginRow } from '../third-party'
import { useTexts } from '../../i18n/domain'
import { authTexts } from '../../i18n/auth'

type Mode = 'password' | 'code'

function PasswordLogin({ returnUrl }: { returnUrl?: string }) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const gate = useCaptchaGate()
  const [busy, setBusy] = useState(false)
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
        const { loginByPassword } = await loginCalls()
        await loginByPassword({ account: values.account, password: values.password, captchaToken }, { returnUrl })
        toast(aux.loggedIn, { icon: 'success' })
      } catch {
        /* refused: toasted by the request client */
      } finally {
        setBusy(false)
      }
    })
  })

  return (
    <View data-testid="password-login">
      <TextRow control={control} name="account" error={err('account')} placeholder={aux.accountPlaceholder} maxLength={254} />
      <TextRow control={control} name="password" error={err('password')} type="password" placeholder={aux.passwordPlaceholder} />
      <AgreementRow control={control} error={err('agreed')} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {aux.login}
      </SubmitButton>
      {gate.popup}
    </View>
  )
}

function CodeLogin({ returnUrl }: { returnUrl?: string }) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const gate = useCaptchaGate()
  const [busy, setBusy] = useState(false)
  const [agreements, setAgreements] = useState<AppAgreement[]>([])
  const { control, handleSubmit, formState, watch, setError, clearErrors, getValues } = useForm<CodeLoginForm>({
    resolver: schemaResolver('codeLoginForm'),
    defaultValues: { region: DEFAULT_PHONE_REGION, phone: '', code: '', agreed: false },
  })
  const err = (name: keyof CodeLoginForm) => fieldMessage(formState.errors[name]?.message, locale)
  const region = watch('region') ?? DEFAULT_PHONE_REGION
  const phone = watch('phone')
  const target = { kind: 'phone', region, phone, scene: 'login' } as const

  const askCode = async () => {
    const { agreed } = getValues()
    const issue = await firstIssue('phoneForm', { region, phone })
    if (issue) return setError('phone', { message: issue })
    clearErrors('phone')
    if (!agreed) return setError('agreed', { message: 'agreement.required' })
    grantPrivacyConsent()
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }

  const submit = handleSubmit(async (values) => {
    setBusy(true)
    try {
      const { loginByCode } = await loginCalls()
      await loginByCode(
        { region: values.region ?? DEFAULT_PHONE_REGION, phone: values.phone, code: values.code, agreementIds: agreements.map((a) => a.agreementId) },
        { returnUrl },
      )
      toast(aux.loggedIn, { icon: 'success' })
    } catch {
      /* toasted */
    } finally {
      setBusy(false)
    }
  })

  return (
    <View data-testid="code-login">
      <PhoneRow control={control} error={err('phone')} />
      <CodeRow control={control} error={err('code')} target={target} onAsk={askCode} />
      <Text className="auth-hint">{aux.codeLoginHint}</Text>
      <AgreementRow control={control} error={err('agreed')} onAgreements={setAgreements} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {aux.login}
      </SubmitButton>
      {gate.popup}
    </View>
  )
}

/**
 * Back from a provider's page (web): signs in with the ticket, or answers the external account to
 * bind; an error from the provider's side is toasted. Runs once, and clears the address.
 */
function useProviderReturn(params: Record<string, string | undefined>, returnUrl: string | undefined) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const [pending, setPending] = useState<{ token: string; account: ExternalAccount } | null>(null)
  useEffect(() => {
    // Only a page opened by a provider's return loads the third-party sign-in code.
    if (!hasOAuthReturn(params)) return
    void import('../../core/third-party').then(({ forgetOAuthReturn, loginWithTicket, readOAuthReturn }) => {
      const back = readOAuthReturn(params, locale)
      if (!back) return
      forgetOAuthReturn()
      if (back.kind === 'error') return void toast(back.message)
      loginWithTicket(back.ticket, { returnUrl })
        .then((result) => {
          if (result.status === 'signedIn') toast(aux.loggedIn, { icon: 'success' })
          else setPending({ token: result.bindLoginToken, account: result.account })
        })
        .catch(() => undefined /* toasted by the request client */)
    }, () => toast(NETWORK_ABNORMAL_TEXT[locale]))
    // Once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return pending
}

/**
 * The login screen's content (SPEC §2): by password or by SMS code, each behind the slider
 * puzzle; links to registration and password recovery; the third-party providers (web). `type=code`
 * opens the SMS tab. Back from a provider with an account nobody has bound, it offers to bind it.
 */
export function LoginPanel({ params }: { params: Record<string, string | undefined> }) {
  const aux = useTexts(authTexts)
  const [mode, setMode] = useState<Mode>(params.type === 'code' || params.type === 'phone' ? 'code' : 'password')
  const returnUrl = returnUrlParam(params)
  const pending = useProviderReturn(params, returnUrl)
  // The validation (zod and the rules) and the sign-in calls, once the user begins to fill the form.
  useSchemasWhenUserActs(preloadLoginCalls)
  return (
    <>
      <AuthHero title={aux.welcome} subtitle={aux.subtitle} />
      <SignedOutNotice />
      {pending ? (
        <BindPanel bindLoginToken={pending.token} account={pending.account} returnUrl={returnUrl} />
      ) : (
        <View className="auth-card">
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            options={[
              { key: 'password', label: aux.passwordTab },
              { key: 'code', label: aux.codeTab },
            ]}
          />
          {mode === 'password' ? <PasswordLogin returnUrl={returnUrl} /> : <CodeLogin returnUrl={returnUrl} />}
        </View>
      )}
      <View className="auth-links">
        <LinkedSentence className="auth-links__group" template={aux.noAccount}>
          <Text className="auth-links__link" {...pressable(() => void openRoute(ROUTE_PATHS.register), 'link')} data-testid="to-register">
            {aux.register}
          </Text>
        </LinkedSentence>
        <View className="auth-links__link" {...pressable(() => void openRoute('packages/safety/findPasswd'), 'link')} data-testid="to-forgot">
          {aux.forgotPassword}
        </View>
      </View>
      {!pending && <ProviderLoginRow />}
    </>
  )
}
