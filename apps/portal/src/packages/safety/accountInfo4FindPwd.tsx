import type { AccountSummary } from '@ess/contract/wire'
import { ShieldCheck } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { schemaResolver } from '@/core/forms/lazy'
import { fieldMessage } from '@/core/forms/messages'
import { useStore } from 'zustand'
import { useCaptchaGate } from '@/components/auth-form/captcha-gate'
import { SubmitButton, TextRow } from '@/components/auth-form/form-rows'
import { pressable } from '@/components/a11y/pressable'
import '@/components/auth-form/index.scss'
import { EmptyState } from '@/components/empty-state'
import { PageFrame } from '@/components/page-frame'
import { Note, SecurityHero } from '@/components/security'
import '@/components/security/index.scss'
import { grantPrivacyConsent } from '@/core/auth/consent'
import { openRoute } from '@/core/navigation'
import type { IdNumberForm } from '@/core/real-name/forms'
import { findByRealName, livePick, liveTicket, pickAccount, recoveryStore, restartRecovery } from '@/core/security/recovery'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'
import { realNameTexts } from '@/i18n/real-name'

const RECEPT = 'packages/safety/receptPasswd' as const

/** The masked account as rows (username, phone, email — those it has). */
function AccountRows({ account }: { account: AccountSummary }) {
  const s = useTexts(securityTexts)
  const rows: Array<[string, string | null]> = [
    [s.username, account.username],
    [s.phone, account.phone],
    [s.email, account.email],
  ]
  return (
    <>
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <View key={label} className="sec-account__row">
            <Text className="sec-account__label">{label}</Text>
            <Text className="sec-account__value">{value}</Text>
          </View>
        ))}
    </>
  )
}

/** After a contact's code: the account it opens, and on to the new password. */
function ContactAccount() {
  const s = useTexts(securityTexts)
  const ticket = useStore(recoveryStore, (st) => st.ticket)
  useDidShow(() => {
    if (!liveTicket()) void restartRecovery()
  })
  if (!ticket) return null
  return (
    <>
      <SecurityHero icon={<ShieldCheck size={28} color="#ffffff" />} title={s.accountFoundTitle} text={s.accountFoundText} />
      <View className="sec-account" data-testid="found-account">
        <AccountRows account={ticket.account} />
      </View>
      <View className="sec-actions">
        <Button type="primary" block shape="round" size="large" data-testid="set-new-password" onClick={() => void openRoute(RECEPT)}>
          {s.setNewPassword}
        </Button>
      </View>
    </>
  )
}

/** Recovery by real name: name + ID number (after the slider), then the account(s) and where to send the code. */
function RealNameAccounts() {
  const { locale } = useI18n()
  const s = useTexts(securityTexts)
  const r = useTexts(realNameTexts)
  const gate = useCaptchaGate()
  const pick = useStore(recoveryStore, (st) => st.pick)
  const [busy, setBusy] = useState(false)
  const [sending, setSending] = useState(false)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState } = useForm<IdNumberForm>({ resolver: schemaResolver('idNumberForm'), defaultValues: { name: '', idNo: '' } })
  const errors = (name: keyof IdNumberForm) => fieldMessage(formState.errors[name]?.message, locale)
  useDidShow(() => {
    // A pick token that expired while the page was hidden: start the lookup again.
    if (recoveryStore.getState().pick && !livePick()) void restartRecovery()
  })
  const submit = handleSubmit((v) => {
    grantPrivacyConsent()
    gate.ask(async (captchaToken) => {
      setBusy(true)
      try {
        await findByRealName({ name: v.name, idNo: v.idNo, captchaToken })
      } catch {
        /* toasted */
      } finally {
        setBusy(false)
      }
    })
  })
  const send = async (accountRef: string, channel: 'sms' | 'email') => {
    if (sending) return
    setSending(true)
    try {
      await pickAccount(accountRef, channel)
      await openRoute(RECEPT, { via: 'realName' })
    } catch {
      /* toasted, or recovery restarted */
    } finally {
      setSending(false)
    }
  }
  if (!pick) {
    return (
      <View className="auth-card sec-form" data-testid="real-name-lookup">
        <Text className="sec-intro">{s.realNameIntro}</Text>
        <TextRow control={control} name="name" error={errors('name')} placeholder={r.namePlaceholder} maxLength={50} />
        <TextRow control={control} name="idNo" error={errors('idNo')} placeholder={r.idNoPlaceholder} maxLength={18} />
        <SubmitButton busy={busy} onSubmit={submit}>
          {s.next}
        </SubmitButton>
        {gate.popup}
      </View>
    )
  }
  if (pick.accounts.length === 0) return <EmptyState testId="no-accounts" description={s.noAccounts} />
  return (
    <>
      <SecurityHero icon={<ShieldCheck size={28} color="#ffffff" />} title={s.accountsFoundTitle} text={s.accountsFoundText} />
      {pick.accounts.map((a) => (
        <View key={a.accountRef} className="sec-account" data-testid="picked-account">
          <AccountRows account={a} />
          <View className="sec-account__picks">
            {a.phone && (
              <View className="sec-account__pick" {...pressable(() => void send(a.accountRef, 'sms'))} data-testid="pick-sms">
                {s.sendBySms}
              </View>
            )}
            {a.email && (
              <View className="sec-account__pick" {...pressable(() => void send(a.accountRef, 'email'))} data-testid="pick-email">
                {s.sendByEmail}
              </View>
            )}
          </View>
        </View>
      ))}
      <Note>{s.noCodeHint}</Note>
    </>
  )
}

/**
 * The account found by a recovery: `via=contact` after a phone or email code (the ticket is in the
 * recovery store, never in the URL), `via=realName` the lookup by name + ID number.
 */
export default function AccountInfo4FindPwdPage() {
  const { params } = useRouter()
  const realName = params.via === 'realName'
  return (
    <PageFrame route="packages/safety/accountInfo4FindPwd" className="auth-page">
      {realName ? <RealNameAccounts /> : <ContactAccount />}
    </PageFrame>
  )
}
