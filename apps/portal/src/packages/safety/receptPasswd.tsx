import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { schemaResolver } from '@/core/forms/lazy'
import { fieldMessage, formIssues } from '@/core/forms/messages'
import { useStore } from 'zustand'
import { CodeRow, PasswordPairRows, SubmitButton } from '@/components/auth-form/form-rows'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import '@/components/security/index.scss'
import type { CodeAndNewPasswordForm, NewPasswordForm } from '@/core/security/forms'
import {
  accountLabel,
  livePick,
  liveTicket,
  pickAccount,
  pickCodeKey,
  recoveryStore,
  resetByContact,
  resetByIdNo,
  restartRecovery,
} from '@/core/security/recovery'
import { fill, useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

function useReset<T extends FieldValues>(setError: UseFormSetError<T>) {
  const [busy, setBusy] = useState(false)
  const run = async (reset: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await reset()
    } catch (error) {
      for (const [field, key] of formIssues(error, ['password', 'confirmPassword', 'code'])) setError(field as Path<T>, { message: key })
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** After a phone or email code: the new pair for the account of the reset ticket. */
function ContactReset() {
  const { locale } = useI18n()
  const s = useTexts(securityTexts)
  const ticket = useStore(recoveryStore, (st) => st.ticket)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, setError } = useForm<NewPasswordForm>({
    resolver: schemaResolver('newPasswordForm'),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { busy, run } = useReset(setError)
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof NewPasswordForm]?.message, locale)
  useDidShow(() => {
    if (!liveTicket()) void restartRecovery()
  })
  const submit = handleSubmit((v) => run(() => resetByContact(v)))
  if (!ticket) return null
  return (
    <View className="auth-card sec-form" data-testid="reset-by-contact">
      <Text className="sec-intro">{fill(s.resetIntro, { account: accountLabel(ticket.account) })}</Text>
      <PasswordPairRows control={control} errors={errors} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {s.resetSubmit}
      </SubmitButton>
    </View>
  )
}

/** Recovery by real name: the code sent to the picked contact and the new pair. */
function RealNameReset() {
  const { locale } = useI18n()
  const s = useTexts(securityTexts)
  const pick = useStore(recoveryStore, (st) => st.pick)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, setError } = useForm<CodeAndNewPasswordForm>({
    resolver: schemaResolver('codeAndNewPasswordForm'),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  })
  const { busy, run } = useReset(setError)
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof CodeAndNewPasswordForm]?.message, locale)
  useDidShow(() => {
    if (!livePick()?.picked) void restartRecovery()
  })
  const submit = handleSubmit((v) => run(() => resetByIdNo(v)))
  const picked = pick?.picked
  if (!picked) return null
  return (
    <View className="auth-card sec-form" data-testid="reset-by-real-name">
      <Text className="sec-intro">{fill(s.codeSentTo, { to: picked.sentTo })}</Text>
      <CodeRow
        control={control}
        error={errors('code')}
        countdownKey={pickCodeKey(picked.accountRef, picked.channel)}
        onAsk={() => void pickAccount(picked.accountRef, picked.channel).catch(() => undefined)}
      />
      <PasswordPairRows control={control} errors={errors} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {s.resetSubmit}
      </SubmitButton>
    </View>
  )
}

/** The new password of a recovery (`via=realName`: with the code sent to the picked contact). */
export default function ReceptPasswdPage() {
  const sec = useTexts(securityTexts)
  const { params } = useRouter()
  return (
    <PageFrame route="packages/safety/receptPasswd" className="auth-page">
      {params.via === 'realName' ? <RealNameReset /> : <ContactReset />}
      <Note>{sec.accountFoundText}</Note>
    </PageFrame>
  )
}
