import { IDENTITY_METHODS, type IdentityMethod, type IdentityMethods } from '@ess/contract/wire'
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
import { Note } from '@/components/security'
import '@/components/security/index.scss'
import { ownCodeKey, sendCode, sendOwnCode, type CodeTarget } from '@/core/auth/codes'
import { requireLogin } from '@/core/auth/target'
import type { BankCardForm, IdNumberForm } from '@/core/real-name/forms'
import type { IdentityCodeForm, IdentityPasswordForm } from '@/core/security/forms'
import { continueAfterIdentity, encodeNext, loadSecurityMethods, nextOrHub, proveIdentity, type IdentityNext, type IdentityProof } from '@/core/security/identity'
import { toast } from '@/core/toast'
import { fill, useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'
import { realNameTexts } from '@/i18n/real-name'

type Pass = (proof: IdentityProof) => Promise<void>

function usePass(next: IdentityNext): { busy: boolean; pass: Pass } {
  const sec = useTexts(securityTexts)
  const [busy, setBusy] = useState(false)
  const pass: Pass = async (proof) => {
    setBusy(true)
    try {
      await proveIdentity(proof)
      toast(sec.verified, { icon: 'success' })
      await continueAfterIdentity(next)
    } catch {
      /* refused: toasted by the request client */
    } finally {
      setBusy(false)
    }
  }
  return { busy, pass }
}

function CodeMethod({ channel, target, next }: { channel: 'sms' | 'email'; target: string; next: IdentityNext }) {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  const { busy, pass } = usePass(next)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState } = useForm<IdentityCodeForm>({ resolver: schemaResolver('identityCodeForm'), defaultValues: { code: '' } })
  const submit = handleSubmit((v) => pass({ method: channel, passCode: v.code }))
  return (
    <View data-testid={`check-${channel}`}>
      <Text className="sec-intro">{fill(sec.codeGoesTo, { target })}</Text>
      <CodeRow
        control={control}
        error={fieldMessage(formState.errors.code?.message, locale)}
        countdownKey={ownCodeKey(channel)}
        onAsk={() => void sendOwnCode(channel, 'verifyIdentity')}
      />
      <SubmitButton busy={busy} onSubmit={submit}>
        {sec.verify}
      </SubmitButton>
    </View>
  )
}

function PasswordMethod({ next }: { next: IdentityNext }) {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  const { busy, pass } = usePass(next)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState } = useForm<IdentityPasswordForm>({ resolver: schemaResolver('identityPasswordForm'), defaultValues: { password: '' } })
  const submit = handleSubmit((v) => pass({ method: 'password', password: v.password }))
  return (
    <View data-testid="check-password">
      <Text className="sec-intro">{sec.methodHintPassword}</Text>
      <TextRow
        control={control}
        name="password"
        type="password"
        error={fieldMessage(formState.errors.password?.message, locale)}
        placeholder={sec.currentPasswordPlaceholder}
      />
      <SubmitButton busy={busy} onSubmit={submit}>
        {sec.verify}
      </SubmitButton>
    </View>
  )
}

function IdNumberMethod({ next }: { next: IdentityNext }) {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  const r = useTexts(realNameTexts)
  const { busy, pass } = usePass(next)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState } = useForm<IdNumberForm>({ resolver: schemaResolver('idNumberForm'), defaultValues: { name: '', idNo: '' } })
  const errors = (name: keyof IdNumberForm) => fieldMessage(formState.errors[name]?.message, locale)
  const submit = handleSubmit((v) => pass({ method: 'idNumber', name: v.name.trim(), idNo: v.idNo.trim() }))
  return (
    <View data-testid="check-idNumber">
      <Text className="sec-intro">{sec.methodHintIdNumber}</Text>
      <TextRow control={control} name="name" error={errors('name')} placeholder={r.namePlaceholder} maxLength={50} />
      <TextRow control={control} name="idNo" error={errors('idNo')} placeholder={r.idNoPlaceholder} maxLength={18} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {sec.verify}
      </SubmitButton>
    </View>
  )
}

/** The bank-card form of real-name verification, its phone code sent after the slider (scene realName). */
function BankCardMethod({ next }: { next: IdentityNext }) {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  const r = useTexts(realNameTexts)
  const { busy, pass } = usePass(next)
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
  const submit = handleSubmit((v) =>
    pass({ method: 'bankCard', name: v.name.trim(), idNo: v.idNo.trim(), cardNo: v.cardNo, bankPhone: v.bankPhone, code: v.code }),
  )
  return (
    <View data-testid="check-bankCard">
      <Text className="sec-intro">{r.bankFormIntro}</Text>
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
        {sec.verify}
      </SubmitButton>
      {gate.popup}
    </View>
  )
}

const asMethod = (raw: string | undefined): IdentityMethod | null => ((IDENTITY_METHODS as readonly string[]).includes(raw ?? '') ? (raw as IdentityMethod) : null)

/**
 * One method of the identity check (`method` = sms | email | password | idNumber | bankCard): its
 * form, and on a pass on to `next` (contract security.ts: a 10-minute privileged window opens).
 */
export default function AuthenticationPage() {
  const s = useTexts(securityTexts)
  const { params } = useRouter()
  const method = asMethod(params.method)
  const next = nextOrHub(params.next)
  const [methods, setMethods] = useState<IdentityMethods | null>(null)
  useDidShow(() => {
    if (!requireLogin('packages/safety/authentication', { method: params.method, next: encodeNext(next.route, next.query) })) return
    void loadSecurityMethods().then((m) => m && setMethods(m))
  })
  const offered = methods?.methods.find((m) => m.method === method)
  return (
    <PageFrame route="packages/safety/authentication" className="auth-page">
      {method && offered && (
        <View className="auth-card sec-form">
          <Text className="sec-section sec-section--in-card">{s.methods[method]}</Text>
          {(method === 'sms' || method === 'email') && <CodeMethod channel={method} target={offered.target ?? ''} next={next} />}
          {method === 'password' && <PasswordMethod next={next} />}
          {method === 'idNumber' && <IdNumberMethod next={next} />}
          {method === 'bankCard' && <BankCardMethod next={next} />}
        </View>
      )}
      {methods && !offered && <Note testId="method-unavailable">{s.noMethods}</Note>}
      {method && offered && <Note>{s.checkIntro}</Note>}
    </PageFrame>
  )
}
