import { DEFAULT_PHONE_REGION, type RoutePath } from '@ess/contract/wire'
import { Mail, Phone } from '@nutui/icons-react-taro'
import { Button } from '../a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSchemasWhenUserActs } from '../auth-form/schemas-on-act'
import { firstIssue, schemaResolver } from '../../core/forms/lazy'
import { fieldMessage } from '../../core/forms/messages'
import { useStore } from 'zustand'
import { useCaptchaGate } from '../auth-form/captcha-gate'
import { CodeRow, PhoneRow, SubmitButton, TextRow } from '../auth-form/form-rows'
import { pressable } from '../a11y/pressable'
import '../auth-form/index.scss'
import { PageFrame } from '../page-frame'
import { sendCode, type CodeTarget } from '../../core/auth/codes'
import { maskEmail, maskPhone } from '../../core/auth/mask'
import { loadUser } from '../../core/auth/session'
import { requireLogin } from '../../core/auth/target'
import { userStore } from '../../core/auth/user-store'
import { removeContactFlow, resumeRemoval, saveEmail, savePhone, type ContactMode } from '../../core/security/contacts'
import type { EmailCodeForm, PhoneCodeForm } from '../../core/security/forms'
import { requireIdentity } from '../../core/security/identity'
import { backToAccountSecurity } from '../../core/security/password'
import { leaveWithToast } from '../../core/toast'
import { useI18n } from '../../i18n'
import { Note } from './index'
import './index.scss'
import { useTexts } from '../../i18n/domain'
import { securityTexts } from '../../i18n/security'
import { accountSecurityTexts } from '../../i18n/account-security'
import { authTexts } from '../../i18n/auth'

type Kind = 'phone' | 'email'

const FORM_ROUTE: Record<Kind, RoutePath> = { phone: 'packages/safety/bindPhoneNum', email: 'packages/safety/bindEmail' }

/** bindPhone: the account has no phone; what binding one gives, then the identity check and the form. */
export function BindIntroPage({ kind, route }: { kind: Kind; route: RoutePath }) {
  const s = useTexts(securityTexts)
  useDidShow(() => void requireLogin(route))
  return (
    <PageFrame route={route}>
      <View className="sec-contact" data-testid="bind-intro">
        <View className="sec-contact__icon">{kind === 'phone' ? <Phone size={28} /> : <Mail size={28} />}</View>
        <Text className="sec-contact__text">{kind === 'phone' ? s.bindPhoneIntro : s.bindEmailIntro}</Text>
      </View>
      <View className="sec-actions">
        <Button type="primary" block shape="round" size="large" data-testid="start-bind" onClick={() => void requireIdentity(FORM_ROUTE[kind], { mode: 'bind' })}>
          {kind === 'phone' ? s.bindPhoneAction : s.bindEmailAction}
        </Button>
      </View>
      <Note>{s.identityFirst}</Note>
    </PageFrame>
  )
}

/** changePhone / changeEmail: the bound contact (masked), change it, or remove it. */
export function ContactOverviewPage({ kind, route }: { kind: Kind; route: RoutePath }) {
  const asx = useTexts(accountSecurityTexts)
  const s = useTexts(securityTexts)
  const user = useStore(userStore, (st) => st.user)
  const afterRemoval = (removed: unknown) => {
    if (removed) void leaveWithToast(s.removed, backToAccountSecurity, 'success')
  }
  useDidShow(() => {
    if (!requireLogin(route)) return
    void loadUser()
    void resumeRemoval().then(afterRemoval)
  })
  const value = kind === 'phone' ? user?.phone : user?.email
  const remove = async () => afterRemoval(await removeContactFlow(kind === 'phone' ? 'sms' : 'email', kind === 'phone' ? s.removePhoneConfirm : s.removeEmailConfirm))
  if (!user) return <PageFrame route={route} />
  return (
    <PageFrame route={route}>
      <View className="sec-contact" data-testid="current-contact">
        <View className="sec-contact__icon">{kind === 'phone' ? <Phone size={28} /> : <Mail size={28} />}</View>
        <Text className="sec-contact__label">{kind === 'phone' ? s.currentPhone : s.currentEmail}</Text>
        <Text className="sec-contact__value" data-testid="contact-value">
          {value ? (kind === 'phone' ? maskPhone(value) : maskEmail(value)) : asx.notBound}
        </Text>
      </View>
      <View className="sec-actions">
        <Button
          type="primary"
          block
          shape="round"
          size="large"
          data-testid="start-change"
          onClick={() => void requireIdentity(FORM_ROUTE[kind], { mode: value ? 'change' : 'bind' })}
        >
          {value ? (kind === 'phone' ? s.changePhoneAction : s.changeEmailAction) : kind === 'phone' ? s.bindPhoneAction : s.bindEmailAction}
        </Button>
      </View>
      {value && (
        <View className="sec-danger-link" {...pressable(() => void remove())} data-testid="remove-contact">
          {kind === 'phone' ? s.removePhone : s.removeEmail}
        </View>
      )}
      <Note>{s.identityFirst}</Note>
    </PageFrame>
  )
}

function useSave(kind: Kind, mode: ContactMode) {
  const s = useTexts(securityTexts)
  const [busy, setBusy] = useState(false)
  const run = async (save: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await save()
      const done = kind === 'phone' ? (mode === 'change' ? s.phoneChanged : s.phoneBound) : mode === 'change' ? s.emailChanged : s.emailBound
      void leaveWithToast(done, backToAccountSecurity, 'success')
    } catch {
      /* toasted (or sent to the identity check) */
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** bindPhoneNum: the new phone (region picker) and the code of scene bind sent to it after the slider. */
export function PhoneForm({ mode }: { mode: ContactMode }) {
  const { locale } = useI18n()
  const s = useTexts(securityTexts)
  const gate = useCaptchaGate()
  const { busy, run } = useSave('phone', mode)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<PhoneCodeForm>({
    resolver: schemaResolver('phoneCodeForm'),
    defaultValues: { region: DEFAULT_PHONE_REGION, phone: '', code: '' },
  })
  const errors = (name: keyof PhoneCodeForm) => fieldMessage(formState.errors[name]?.message, locale)
  const region = watch('region') ?? DEFAULT_PHONE_REGION
  const phone = watch('phone')
  const target: CodeTarget = { kind: 'phone', region, phone: phone.trim(), scene: 'bind' }
  const askCode = async () => {
    const issue = await firstIssue('phoneForm', { region, phone })
    if (issue) return setError('phone', { message: issue })
    clearErrors('phone')
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }
  const submit = handleSubmit((v) => run(() => savePhone(mode, { region: v.region ?? DEFAULT_PHONE_REGION, phone: v.phone, code: v.code })))
  return (
    <View className="auth-card sec-form" data-testid="phone-form">
      <Text className="sec-intro">{s.newPhoneIntro}</Text>
      <PhoneRow control={control} error={errors('phone')} />
      <CodeRow control={control} error={errors('code')} target={target} onAsk={askCode} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {s.submitBind}
      </SubmitButton>
      {gate.popup}
    </View>
  )
}

/** bindEmail: the new email and the code of scene bind sent to it after the slider. */
export function EmailForm({ mode }: { mode: ContactMode }) {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const s = useTexts(securityTexts)
  const gate = useCaptchaGate()
  const { busy, run } = useSave('email', mode)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<EmailCodeForm>({
    resolver: schemaResolver('emailCodeForm'),
    defaultValues: { email: '', code: '' },
  })
  const errors = (name: keyof EmailCodeForm) => fieldMessage(formState.errors[name]?.message, locale)
  const email = watch('email')
  const target: CodeTarget = { kind: 'email', email: email.trim(), scene: 'bind' }
  const askCode = async () => {
    const issue = await firstIssue('emailForm', { email })
    if (issue) return setError('email', { message: issue })
    clearErrors('email')
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }
  const submit = handleSubmit((v) => run(() => saveEmail(mode, v)))
  return (
    <View className="auth-card sec-form" data-testid="email-form">
      <Text className="sec-intro">{s.newEmailIntro}</Text>
      <TextRow control={control} name="email" error={errors('email')} placeholder={aux.emailPlaceholder} maxLength={254} />
      <CodeRow control={control} error={errors('code')} target={target} onAsk={askCode} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {s.submitBind}
      </SubmitButton>
      {gate.popup}
    </View>
  )
}

