import { useDidShow, useRouter } from '@tarojs/taro'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import { PhoneForm } from '@/components/security/contact'
import { requireLogin } from '@/core/auth/target'
import { contactMode } from '@/core/security/contacts'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

/** The new phone (`mode=bind|change`), reached after the identity check. */
export default function BindPhoneNumPage() {
  const sec = useTexts(securityTexts)
  const mode = contactMode(useRouter().params.mode)
  useDidShow(() => void requireLogin('packages/safety/bindPhoneNum', { mode }))
  return (
    <PageFrame route="packages/safety/bindPhoneNum" className="auth-page">
      <PhoneForm mode={mode} />
      <Note>{sec.bindPhoneIntro}</Note>
    </PageFrame>
  )
}
