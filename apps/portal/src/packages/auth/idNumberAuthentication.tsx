import type { RoutePath } from '@ess/contract/wire'
import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSchemasWhenUserActs } from '@/components/auth-form/schemas-on-act'
import { schemaResolver } from '@/core/forms/lazy'
import { fieldMessage } from '@/core/forms/messages'
import { SubmitButton, TextRow } from '@/components/auth-form/form-rows'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import '@/components/real-name/index.scss'
import { requireLogin } from '@/core/auth/target'
import { verifyByIdNumber } from '@/core/real-name/api'
import { showOutcome } from '@/core/real-name/flow'
import { realNameOrigin } from '@/core/real-name/resume'
import type { IdNumberForm } from '@/core/real-name/forms'
import { useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { realNameTexts } from '@/i18n/real-name'

const ROUTE: RoutePath = 'packages/auth/idNumberAuthentication'

/** Real-name verification by name + ID number (SPEC §2, §5 messages inline). */
export default function IdNumberAuthenticationPage() {
  const { locale } = useI18n()
  const r = useTexts(realNameTexts)
  const origin = realNameOrigin(useRouter().params.origin)
  useDidShow(() => void requireLogin(ROUTE, { origin }))
  const [busy, setBusy] = useState(false)
  useSchemasWhenUserActs()
  const { control, handleSubmit, formState } = useForm<IdNumberForm>({ resolver: schemaResolver('idNumberForm'), defaultValues: { name: '', idNo: '' } })
  const errors = (name: keyof IdNumberForm) => fieldMessage(formState.errors[name]?.message, locale)
  const submit = handleSubmit(async (v) => {
    setBusy(true)
    try {
      await showOutcome(await verifyByIdNumber(v), 'idNumber', origin)
    } finally {
      setBusy(false)
    }
  })
  return (
    <PageFrame route="packages/auth/idNumberAuthentication" className="auth-page">
      <View className="auth-card rn-form" data-testid="id-number-form">
        <Text className="rn-form-intro">{r.formIntro}</Text>
        <TextRow control={control} name="name" error={errors('name')} placeholder={r.namePlaceholder} maxLength={50} />
        <TextRow control={control} name="idNo" error={errors('idNo')} placeholder={r.idNoPlaceholder} maxLength={18} />
        <SubmitButton busy={busy} onSubmit={submit}>
          {r.submit}
        </SubmitButton>
      </View>
      <View className="rn-privacy">
        <Text>{r.privacyNote}</Text>
      </View>
    </PageFrame>
  )
}
