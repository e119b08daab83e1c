import { DEFAULT_PHONE_REGION, ROUTE_PATHS, type AppAgreement } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { LinkedSentence } from '@/components/sentence'
import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { useForm, type Control, type FieldValues } from 'react-hook-form'
import { AuthHero, Segmented } from '@/components/auth-form'
import { AgreementRow, CodeRow, PasswordPairRows, PhoneRow, SubmitButton, TextRow } from '@/components/auth-form/form-rows'
import { useCaptchaGate } from '@/components/auth-form/captcha-gate'
import { pressable } from '@/components/a11y/pressable'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { PendingBindingNote } from '@/components/third-party'
import { sendCode, type CodeTarget } from '@/core/auth/codes'
import { grantPrivacyConsent } from '@/core/auth/consent'
import type { RegisterEmailForm, RegisterPhoneForm } from '@/core/auth/forms'
import { firstIssue, schemaResolver } from '@/core/forms/lazy'
import { fieldMessage } from '@/core/forms/messages'
import { loginCalls, preloadLoginCalls } from '@/core/auth/login-calls'
import { returnUrlParam } from '@/core/auth/redirect'
import { canGoBack, goBack, openRoute } from '@/core/navigation'
import { toast } from '@/core/toast'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { authTexts } from '@/i18n/auth'

type Mode = 'phone' | 'email'

function useRegistration(returnUrl?: string) {
  const aux = useTexts(authTexts)
  const gate = useCaptchaGate()
  const [busy, setBusy] = useState(false)
  const [agreements, setAgreements] = useState<AppAgreement[]>([])
  const askCode = (target: CodeTarget) => {
    grantPrivacyConsent()
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }
  const run = async (action: (agreementIds: string[]) => Promise<unknown>) => {
    setBusy(true)
    try {
      await action(agreements.map((a) => a.agreementId))
      toast(aux.registered, { icon: 'success' })
    } catch {
      /* toasted */
    } finally {
      setBusy(false)
    }
  }
  return { gate, busy, setAgreements, askCode, run, options: { returnUrl } }
}

/** What both ways of registering ask after the destination: code, password pair, agreements. */
function RegistrationRows<T extends FieldValues>({
  control,
  errors,
  target,
  onAskCode,
  flow,
}: {
  control: Control<T>
  errors: (name: string) => string | undefined
  target: CodeTarget
  onAskCode: () => void
  flow: ReturnType<typeof useRegistration> & { submit: () => unknown }
}) {
  const aux = useTexts(authTexts)
  return (
    <>
      <CodeRow control={control} error={errors('code')} target={target} onAsk={onAskCode} />
      <PasswordPairRows control={control} errors={errors} />
      <AgreementRow control={control} error={errors('agreed')} onAgreements={flow.setAgreements} />
      <SubmitButton busy={flow.busy} onSubmit={flow.submit}>
        {aux.submitRegister}
      </SubmitButton>
      {flow.gate.popup}
    </>
  )
}

function PhoneRegistration({ returnUrl, bindLoginToken }: { returnUrl?: string; bindLoginToken?: string }) {
  const { locale } = useI18n()
  const flow = useRegistration(returnUrl)
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<RegisterPhoneForm>({
    resolver: schemaResolver('registerPhoneForm'),
    defaultValues: { region: DEFAULT_PHONE_REGION, phone: '', code: '', password: '', confirmPassword: '', agreed: false },
  })
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof RegisterPhoneForm]?.message, locale)
  const region = watch('region') ?? DEFAULT_PHONE_REGION
  const phone = watch('phone')
  const target: CodeTarget = { kind: 'phone', region, phone, scene: 'register' }
  const askCode = async () => {
    const issue = await firstIssue('phoneForm', { region, phone })
    if (issue) return setError('phone', { message: issue })
    clearErrors('phone')
    flow.askCode(target)
  }
  const submit = handleSubmit((v) =>
    flow.run(async (agreementIds) =>
      (await loginCalls()).registerByPhone(
        { region: v.region ?? DEFAULT_PHONE_REGION, phone: v.phone, code: v.code, password: v.password, confirmPassword: v.confirmPassword, agreementIds, bindLoginToken },
        flow.options,
      ),
    ),
  )
  return (
    <View data-testid="register-phone">
      <PhoneRow control={control} error={errors('phone')} />
      <RegistrationRows control={control} errors={errors} target={target} onAskCode={askCode} flow={{ ...flow, submit }} />
    </View>
  )
}

function EmailRegistration({ returnUrl, bindLoginToken }: { returnUrl?: string; bindLoginToken?: string }) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const flow = useRegistration(returnUrl)
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<RegisterEmailForm>({
    resolver: schemaResolver('registerEmailForm'),
    defaultValues: { email: '', code: '', password: '', confirmPassword: '', agreed: false },
  })
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof RegisterEmailForm]?.message, locale)
  const email = watch('email')
  const target: CodeTarget = { kind: 'email', email: email.trim(), scene: 'register' }
  const askCode = async () => {
    const issue = await firstIssue('emailForm', { email })
    if (issue) return setError('email', { message: issue })
    clearErrors('email')
    flow.askCode(target)
  }
  const submit = handleSubmit((v) =>
    flow.run(async (agreementIds) =>
      (await loginCalls()).registerByEmail({ email: v.email, code: v.code, password: v.password, confirmPassword: v.confirmPassword, agreementIds, bindLoginToken }, flow.options),
    ),
  )
  return (
    <View data-testid="register-email">
      <TextRow control={control} name="email" error={errors('email')} placeholder={aux.emailPlaceholder} maxLength={254} />
      <RegistrationRows control={control} errors={errors} target={target} onAskCode={askCode} flow={{ ...flow, submit }} />
    </View>
  )
}

/**
 * Registration (SPEC §2): by phone (with its region, China +86 first) or by email. Opened from a
 * third-party sign-in with an account nobody has bound (`bindLoginToken`), it binds that account too.
 */
export default function RegisterPage() {
  const aux = useTexts(authTexts)
  const { params } = useRouter()
  const [mode, setMode] = useState<Mode>(params.type === 'email' ? 'email' : 'phone')
  const returnUrl = returnUrlParam(params)
  const bindLoginToken = params.bindLoginToken || undefined
  // The validation (zod and the rules) and the registration calls, once the user begins to fill the form.
  useSchemasWhenUserActs(preloadLoginCalls)
  return (
    <PageFrame route="packages/login/register/index" className="auth-page">
      <AuthHero title={aux.registerTitle} subtitle={aux.registerSubtitle} />
      {bindLoginToken && <PendingBindingNote bindLoginToken={bindLoginToken} />}
      <View className="auth-card">
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { key: 'phone', label: aux.byPhone },
            { key: 'email', label: aux.byEmail },
          ]}
        />
        {mode === 'phone' ? (
          <PhoneRegistration returnUrl={returnUrl} bindLoginToken={bindLoginToken} />
        ) : (
          <EmailRegistration returnUrl={returnUrl} bindLoginToken={bindLoginToken} />
        )}
      </View>
      <View className="auth-links">
        <LinkedSentence className="auth-links__group" template={aux.haveAccount}>
          <Text className="auth-links__link" {...pressable(() => void (canGoBack() ? goBack() : openRoute(ROUTE_PATHS.login, undefined, { replace: true })).catch(() => undefined), 'link')} data-testid="to-login">
            {aux.toLogin}
          </Text>
        </LinkedSentence>
      </View>
    </PageFrame>
  )
}
