import type { RoutePath } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { firstIssue, schemaResolver } from '@/core/forms/lazy'
import { fieldMessage } from '@/core/forms/messages'
import { groupCardDigits } from '@/core/real-name/card-digits'
import { FormRow, TextField } from '@/components/auth-form'
import { useCaptchaGate } from '@/components/auth-form/captcha-gate'
import { CodeRow, SubmitButton, TextRow } from '@/components/auth-form/form-rows'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import '@/components/real-name/index.scss'
import { sendCode, type CodeTarget } from '@/core/auth/codes'
import { requireLogin } from '@/core/auth/target'
import { verifyByBankCard } from '@/core/real-name/api'
import { showOutcome } from '@/core/real-name/flow'
import { realNameOrigin } from '@/core/real-name/resume'
import type { BankCardForm } from '@/core/real-name/forms'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { realNameTexts } from '@/i18n/real-name'

const ROUTE: RoutePath = 'packages/auth/bankCardAuthentication'

/**
 * Real-name verification by bank card (SPEC §2): name, ID number, the user's own card (Luhn) and
 * the phone the bank holds for it, proved by an SMS code (scene realName) sent after the slider.
 */
export default function BankCardAuthenticationPage() {
  const { locale } = useI18n()
  const r = useTexts(realNameTexts)
  const origin = realNameOrigin(useRouter().params.origin)
  useDidShow(() => void requireLogin(ROUTE, { origin }))
  const [busy, setBusy] = useState(false)
  const gate = useCaptchaGate()
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, watch, setError, clearErrors } = useForm<BankCardForm>({
    resolver: schemaResolver('bankCardForm'),
    defaultValues: { name: '', idNo: '', cardNo: '', bankPhone: '', code: '' },
  })
  const errors = (name: keyof BankCardForm) => fieldMessage(formState.errors[name]?.message, locale)
  const bankPhone = watch('bankPhone')
  const target: CodeTarget = { kind: 'phone', region: 'CN', phone: bankPhone, scene: 'realName' }
  const askCode = async () => {
    const issue = await firstIssue('bankPhoneForm', { bankPhone })
    if (issue) return setError('bankPhone', { message: issue })
    clearErrors('bankPhone')
    gate.ask((captchaToken) => void sendCode(target, captchaToken))
  }
  const submit = handleSubmit(async (v) => {
    setBusy(true)
    try {
      await showOutcome(await verifyByBankCard(v), 'bankCard', origin)
    } finally {
      setBusy(false)
    }
  })
  return (
    <PageFrame route="packages/auth/bankCardAuthentication" className="auth-page">
      <View className="auth-card rn-form" data-testid="bank-card-form">
        <Text className="rn-form-intro">{r.bankFormIntro}</Text>
        <TextRow control={control} name="name" error={errors('name')} placeholder={r.namePlaceholder} maxLength={50} />
        <TextRow control={control} name="idNo" error={errors('idNo')} placeholder={r.idNoPlaceholder} maxLength={18} />
        <Controller
          control={control}
          name="cardNo"
          render={({ field }) => (
            <FormRow error={errors('cardNo')} testId="row-cardNo">
              <TextField
                name="cardNo"
                type="digit"
                value={field.value}
                onChange={(v) => field.onChange(groupCardDigits(v))}
                onBlur={field.onBlur}
                placeholder={r.cardNoPlaceholder}
                maxLength={23}
              />
            </FormRow>
          )}
        />
        <TextRow control={control} name="bankPhone" error={errors('bankPhone')} type="tel" maxLength={11} placeholder={r.bankPhonePlaceholder} />
        <CodeRow control={control} error={errors('code')} target={target} onAsk={askCode} />
        <SubmitButton busy={busy} onSubmit={submit}>
          {r.submit}
        </SubmitButton>
        {gate.popup}
      </View>
      <View className="rn-privacy">
        <Text>{r.privacyNote}</Text>
      </View>
    </PageFrame>
  )
}
