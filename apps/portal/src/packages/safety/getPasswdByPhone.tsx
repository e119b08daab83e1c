import { DEFAULT_PHONE_REGION } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { firstIssue, schemaResolver } from '@/core/forms/lazy'
import { fieldMessage } from '@/core/forms/messages'
import { useCaptchaGate } from '@/components/auth-form/captcha-gate'
import { CodeRow, PhoneRow, SubmitButton } from '@/components/auth-form/form-rows'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import '@/components/security/index.scss'
import { sendCode, type CodeTarget } from '@/core/auth/codes'
import { grantPrivacyConsent } from '@/core/auth/consent'
import { openRoute } from '@/core/navigation'
import type { PhoneCodeForm } from '@/core/security/forms'
import { verifyResetCode } from '@/core/security/recovery'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

/**
 * Recovery by phone: the phone (with its region), a code of scene resetPassword sent after the
 * slider, then the masked account it opens. The gateway answers the same for a phone no account
 * holds (the code never arrives), so the screen never says whether an account was found.
 */
export default function GetPasswdByPhonePage() {
  const { locale } = useI18n()
  const s = useTexts(securityTexts)
  const gate = useCaptchaGate()
  const [busy, setBusy] = useState(false)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<PhoneCodeForm>({
    resolver: schemaResolver('phoneCodeForm'),
    defaultValues: { region: DEFAULT_PHONE_REGION, phone: '', code: '' },
  })
  const errors = (name: keyof PhoneCodeForm) => fieldMessage(formState.errors[name]?.message, locale)
  const region = watch('region') ?? DEFAULT_PHONE_REGION
  const phone = watch('phone')
  const target: CodeTarget = { kind: 'phone', region, phone: phone.trim(), scene: 'resetPassword' }
  const askCode = async () => {
    const issue = await firstIssue('phoneForm', { region, phone })
    if (issue) return setError('phone', { message: issue })
    clearErrors('phone')
    grantPrivacyConsent()
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }
  const submit = handleSubmit(async (v) => {
    setBusy(true)
    try {
      await verifyResetCode({ channel: 'sms', region: v.region ?? DEFAULT_PHONE_REGION, phone: v.phone, code: v.code })
      await openRoute('packages/safety/accountInfo4FindPwd', { via: 'contact' })
    } catch {
      /* toasted */
    } finally {
      setBusy(false)
    }
  })
  return (
    <PageFrame route="packages/safety/getPasswdByPhone" className="auth-page">
      <View className="auth-card sec-form" data-testid="recover-by-phone">
        <Text className="sec-intro">{s.phoneIntro}</Text>
        <PhoneRow control={control} error={errors('phone')} />
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
