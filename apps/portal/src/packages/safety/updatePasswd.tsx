import type { IdentityMethods } from '@ess/contract/wire'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { schemaResolver } from '@/core/forms/lazy'
import { fieldMessage, formIssues } from '@/core/forms/messages'
import { useStore } from 'zustand'
import { CodeRow, PasswordPairRows, SubmitButton, TextRow } from '@/components/auth-form/form-rows'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import '@/components/security/index.scss'
import { ownCodeKey, sendOwnCode, type OwnChannel } from '@/core/auth/codes'
import { loadUser } from '@/core/auth/session'
import { requireLogin } from '@/core/auth/target'
import { userStore } from '@/core/auth/user-store'
import type { ChangeWithCodeForm, NewPasswordForm } from '@/core/security/forms'
import { loadSecurityMethods, openIdentityCheck, windowOpen } from '@/core/security/identity'
import { backToAccountSecurity, changePassword, ownCodeChannel, type PasswordChangeInput } from '@/core/security/password'
import { leaveWithToast } from '@/core/toast'
import { fill, useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

const ROUTE = 'packages/safety/updatePasswd' as const

function useChange<T extends FieldValues>(setError: UseFormSetError<T>) {
  const sec = useTexts(securityTexts)
  const [busy, setBusy] = useState(false)
  const run = async (input: PasswordChangeInput) => {
    setBusy(true)
    try {
      await changePassword(input)
      void leaveWithToast(sec.passwordChanged, backToAccountSecurity, 'success')
    } catch (error) {
      for (const [field, key] of formIssues(error, ['password', 'confirmPassword', 'oldPassword'])) setError(field as Path<T>, { message: key })
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** Inside the privileged window: only the new password and its confirmation. */
function NewPasswordOnly() {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, setError } = useForm<NewPasswordForm>({
    resolver: schemaResolver('newPasswordForm'),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { busy, run } = useChange(setError)
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof NewPasswordForm]?.message, locale)
  const submit = handleSubmit((v) => run({ password: v.password, confirmPassword: v.confirmPassword }))
  return (
    <View data-testid="new-password-only">
      <Text className="sec-intro">{sec.windowOpenNote}</Text>
      <PasswordPairRows control={control} errors={errors} />
      <SubmitButton busy={busy} onSubmit={submit}>
        {sec.submitChange}
      </SubmitButton>
    </View>
  )
}

/** Outside it (SPEC's update-password screen): the current password, the new pair and a code to the user's own contact. */
function WithCurrentPassword({ channel, target }: { channel: OwnChannel; target: string }) {
  const { locale } = useI18n()
  const sec = useTexts(securityTexts)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState, setError } = useForm<ChangeWithCodeForm>({
    resolver: schemaResolver('changeWithCodeForm'),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '', code: '' },
  })
  const { busy, run } = useChange(setError)
  const errors = (name: string) => fieldMessage(formState.errors[name as keyof ChangeWithCodeForm]?.message, locale)
  const submit = handleSubmit((v) =>
    run({ password: v.password, confirmPassword: v.confirmPassword, withCode: { oldPassword: v.oldPassword, passCode: v.code, channel } }),
  )
  return (
    <View data-testid="with-current-password-form">
      <TextRow control={control} name="oldPassword" type="password" error={errors('oldPassword')} placeholder={sec.oldPasswordPlaceholder} />
      <PasswordPairRows control={control} errors={errors} />
      <CodeRow control={control} error={errors('code')} countdownKey={ownCodeKey(channel)} onAsk={() => void sendOwnCode(channel, 'updatePassword')} />
      <Text className="auth-hint">{fill(sec.codeGoesTo, { target })}</Text>
      <SubmitButton busy={busy} onSubmit={submit}>
        {sec.submitChange}
      </SubmitButton>
    </View>
  )
}

/**
 * Changing the password: inside the privileged window only the new pair; outside it the current
 * password, the new pair and a code to the user's own phone (email when there is no phone). On
 * success every other device is signed out and the user is back on account security.
 */
export default function UpdatePasswdPage() {
  const s = useTexts(securityTexts)
  const user = useStore(userStore, (st) => st.user)
  const [methods, setMethods] = useState<IdentityMethods | null>(null)
  useDidShow(() => {
    if (!requireLogin(ROUTE)) return
    void loadUser()
    void loadSecurityMethods().then((m) => m && setMethods(m))
  })
  const open = windowOpen(methods)
  const channel = ownCodeChannel(user)
  const target = methods?.methods.find((m) => m.method === channel)?.target ?? ''
  const canUseCurrent = !!user?.hasPassword && !!channel
  return (
    <PageFrame route="packages/safety/updatePasswd" className="auth-page">
      {methods && user && (open || canUseCurrent) && (
        <View className="auth-card sec-form">
          {open ? <NewPasswordOnly /> : <WithCurrentPassword channel={channel!} target={target} />}
        </View>
      )}
      {methods && user && !open && !canUseCurrent && (
        <>
          <Note testId="verify-first">{user.hasPassword ? s.bindContactFirst : s.noPasswordYet}</Note>
          <View className="sec-actions">
            <Button type="primary" block shape="round" size="large" onClick={() => void openIdentityCheck({ route: ROUTE, query: {} }, { back: true })}>
              {s.otherWay}
            </Button>
          </View>
        </>
      )}
      {methods && (open || canUseCurrent) && <Note>{s.changeIntro}</Note>}
    </PageFrame>
  )
}
