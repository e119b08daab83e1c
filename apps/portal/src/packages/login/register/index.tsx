import { DEFAULT_PHONE_REGION, ROUTE_PATHS, type AppAgreement } from '@ess/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@nutui/nutui-react-taro'
import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form'
import { AgreementCheck, AuthHero, CodeButton, FormRow, PasswordField, Segmented, TextField } from '@/components/auth-form'
import { useCaptchaGate } from '@/components/auth-form/captcha-gate'
import '@/components/auth-form/index.scss'
import { RegionPicker } from '@/components/auth-form/region-picker'
import { PageFrame } from '@/components/page-frame'
import { sendCode, targetKey, type CodeTarget } from '@/core/auth/codes'
import { grantPrivacyConsent } from '@/core/auth/consent'
import {
  emailForm,
  fieldMessage,
  firstIssueKey,
  phoneForm,
  registerEmailForm,
  registerPhoneForm,
  type RegisterEmailForm,
  type RegisterPhoneForm,
} from '@/core/auth/forms'
import { registerByEmail, registerByPhone } from '@/core/auth/login'
import { canGoBack, goBack, openRoute } from '@/core/navigation'
import { toast } from '@/core/toast'
import { useI18n } from '@/i18n'

type Mode = 'phone' | 'email'

/** Password, confirmation and the rule hint (shared by both forms). */
function PasswordPair<T extends FieldValues>({ control, errors }: { control: Control<T>; errors: (name: string) => string | undefined }) {
  const { t } = useI18n()
  return (
    <>
      <Controller
        control={control}
        name={'password' as Path<T>}
        render={({ field }) => (
          <FormRow error={errors('password')} testId="row-password">
            <PasswordField name="password" value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder={t.auth.passwordNew} />
          </FormRow>
        )}
      />
      <Controller
        control={control}
        name={'confirmPassword' as Path<T>}
        render={({ field }) => (
          <FormRow error={errors('confirmPassword')} testId="row-confirmPassword">
            <PasswordField name="confirmPassword" value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder={t.auth.confirmPassword} />
          </FormRow>
        )}
      />
      <Text className="auth-hint">{t.auth.passwordHint}</Text>
    </>
  )
}

function useRegistration(returnUrl?: string) {
  const { t } = useI18n()
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
      toast(t.auth.registered, { icon: 'success' })
    } catch {
      /* toasted */
    } finally {
      setBusy(false)
    }
  }
  return { gate, busy, setAgreements, askCode, run, options: { returnUrl } }
}

function PhoneRegistration({ returnUrl }: { returnUrl?: string }) {
  const { t, locale } = useI18n()
  const flow = useRegistration(returnUrl)
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<RegisterPhoneForm>({
    resolver: zodResolver(registerPhoneForm),
    defaultValues: { region: DEFAULT_PHONE_REGION, phone: '', code: '', password: '', confirmPassword: '', agreed: false },
  })
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof RegisterPhoneForm]?.message, locale)
  const region = watch('region') ?? DEFAULT_PHONE_REGION
  const phone = watch('phone')
  const target: CodeTarget = { kind: 'phone', region, phone, scene: 'register' }
  const askCode = () => {
    const issue = firstIssueKey(phoneForm, { region, phone })
    if (issue) return setError('phone', { message: issue })
    clearErrors('phone')
    flow.askCode(target)
  }
  const submit = handleSubmit((v) =>
    flow.run((agreementIds) =>
      registerByPhone(
        { region: v.region ?? DEFAULT_PHONE_REGION, phone: v.phone, code: v.code, password: v.password, confirmPassword: v.confirmPassword, agreementIds },
        flow.options,
      ),
    ),
  )
  return (
    <View data-testid="register-phone">
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <FormRow
            error={errors('phone')}
            testId="row-phone"
            lead={<Controller control={control} name="region" render={({ field: r }) => <RegionPicker value={r.value ?? DEFAULT_PHONE_REGION} onChange={r.onChange} />} />}
          >
            <TextField name="phone" type="tel" value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder={t.auth.phonePlaceholder} maxLength={14} />
          </FormRow>
        )}
      />
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <FormRow error={errors('code')} testId="row-code" trail={<CodeButton countdownKey={targetKey(target)} onClick={askCode} />}>
            <TextField name="code" type="number" value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder={t.auth.codePlaceholder} maxLength={6} />
          </FormRow>
        )}
      />
      <PasswordPair control={control} errors={errors} />
      <Controller
        control={control}
        name="agreed"
        render={({ field }) => <AgreementCheck checked={field.value} onChange={field.onChange} onAgreements={flow.setAgreements} error={errors('agreed')} />}
      />
      <Button className="auth-submit" type="primary" block shape="round" size="large" loading={flow.busy} onClick={() => void submit()} data-testid="submit">
        {t.auth.submitRegister}
      </Button>
      {flow.gate.popup}
    </View>
  )
}

function EmailRegistration({ returnUrl }: { returnUrl?: string }) {
  const { t, locale } = useI18n()
  const flow = useRegistration(returnUrl)
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<RegisterEmailForm>({
    resolver: zodResolver(registerEmailForm),
    defaultValues: { email: '', code: '', password: '', confirmPassword: '', agreed: false },
  })
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof RegisterEmailForm]?.message, locale)
  const email = watch('email')
  const target: CodeTarget = { kind: 'email', email: email.trim(), scene: 'register' }
  const askCode = () => {
    const issue = firstIssueKey(emailForm, { email })
    if (issue) return setError('email', { message: issue })
    clearErrors('email')
    flow.askCode(target)
  }
  const submit = handleSubmit((v) =>
    flow.run((agreementIds) =>
      registerByEmail({ email: v.email, code: v.code, password: v.password, confirmPassword: v.confirmPassword, agreementIds }, flow.options),
    ),
  )
  return (
    <View data-testid="register-email">
      <Controller
        control={control}
        name="email"
        render={({ field }) => (
          <FormRow error={errors('email')} testId="row-email">
            <TextField name="email" value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder={t.auth.emailPlaceholder} maxLength={254} />
          </FormRow>
        )}
      />
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <FormRow error={errors('code')} testId="row-code" trail={<CodeButton countdownKey={targetKey(target)} onClick={askCode} />}>
            <TextField name="code" type="number" value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder={t.auth.codePlaceholder} maxLength={6} />
          </FormRow>
        )}
      />
      <PasswordPair control={control} errors={errors} />
      <Controller
        control={control}
        name="agreed"
        render={({ field }) => <AgreementCheck checked={field.value} onChange={field.onChange} onAgreements={flow.setAgreements} error={errors('agreed')} />}
      />
      <Button className="auth-submit" type="primary" block shape="round" size="large" loading={flow.busy} onClick={() => void submit()} data-testid="submit">
        {t.auth.submitRegister}
      </Button>
      {flow.gate.popup}
    </View>
  )
}

/** Registration (SPEC §2): by phone (with its region, China +86 first) or by email. */
export default function RegisterPage() {
  const { t } = useI18n()
  const { params } = useRouter()
  const [mode, setMode] = useState<Mode>(params.type === 'email' ? 'email' : 'phone')
  const returnUrl = params.returnUrl ? decodeURIComponent(params.returnUrl) : undefined
  return (
    <PageFrame route="packages/login/register/index" className="auth-page">
      <AuthHero title={t.auth.registerTitle} subtitle={t.auth.registerSubtitle} />
      <View className="auth-card">
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { key: 'phone', label: t.auth.byPhone },
            { key: 'email', label: t.auth.byEmail },
          ]}
        />
        {mode === 'phone' ? <PhoneRegistration returnUrl={returnUrl} /> : <EmailRegistration returnUrl={returnUrl} />}
      </View>
      <View className="auth-links">
        <View className="auth-links__group">
          <Text>{t.auth.haveAccount}</Text>
          <View className="auth-links__link" role="link" data-testid="to-login" onClick={() => void (canGoBack() ? goBack() : openRoute(ROUTE_PATHS.login, undefined, { replace: true })).catch(() => undefined)}>
            {t.auth.toLogin}
          </View>
        </View>
      </View>
    </PageFrame>
  )
}
