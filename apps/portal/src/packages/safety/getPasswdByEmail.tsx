import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { firstIssue, schemaResolver } from '@/core/forms/lazy'
import { fieldMessage } from '@/core/forms/messages'
import { useCaptchaGate } from '@/components/auth-form/captcha-gate'
import { CodeRow, SubmitButton, TextRow } from '@/components/auth-form/form-rows'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import '@/components/security/index.scss'
import { sendCode, type CodeTarget } from '@/core/auth/codes'
import { grantPrivacyConsent } from '@/core/auth/consent'
import { openRoute } from '@/core/navigation'
import type { EmailCodeForm } from '@/core/security/forms'
import { verifyResetCode } from '@/core/security/recovery'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'
import { authTexts } from '@/i18n/auth'

/** Recovery by email: as by phone (the gateway answers the same for an email no account holds). */
export default function GetPasswdByEmailPage() {
  const { locale } = useI18n()
  const aux = useTexts(authTexts)
  const s = useTexts(securityTexts)
  const gate = useCaptchaGate()
  const [busy, setBusy] = useState(false)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<EmailCodeForm>({
    resolver: schemaResolver('emailCodeForm'),
    defaultValues: { email: '', code: '' },
  })
  const errors = (name: keyof EmailCodeForm) => fieldMessage(formState.errors[name]?.message, locale)
  const email = watch('email')
  const target: CodeTarget = { kind: 'email', email: email.trim(), scene: 'resetPassword' }
  const askCode = async () => {
    const issue = await firstIssue('emailForm', { email })
    if (issue) return setError('email', { message: issue })
    clearErrors('email')
    grantPrivacyConsent()
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }
  const submit = handleSubmit(async (v) => {
    setBusy(true)
    try {
      await verifyResetCode({ channel: 'email', email: v.email, code: v.code })
      await openRoute('packages/safety/accountInfo4FindPwd', { via: 'contact' })
    } catch {
      /* toasted */
    } finally {
      setBusy(false)
    }
  })
  return (
    <PageFrame route="packages/safety/getPasswdByEmail" className="auth-page">
      <View className="auth-card sec-form" data-testid="recover-by-email">
        <Text className="sec-intro">{s.emailIntro}</Text>
        <TextRow control={control} name="email" error={errors('email')} placeholder={aux.emailPlaceholder} maxLength={254} />
        <CodeRow control={control} error={errors('code')} target={target} onAsk={askCode} />
        <SubmitButton busy={busy} onSubmit={submit}>
          {s.next}
        </SubmitButton>
        {gate.popup}
      </View>
      <Note>{s.noCodeHint}</Note>
    </PageFrame>
  )
}
