import { useDidShow, useRouter } from '@tarojs/taro'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import { EmailForm } from '@/components/security/contact'
import { requireLogin } from '@/core/auth/target'
import { contactMode } from '@/core/security/contacts'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

/** The new email (`mode=bind|change`), reached after the identity check. */
export default function BindEmailPage() {
  const sec = useTexts(securityTexts)
  const mode = contactMode(useRouter().params.mode)
  useDidShow(() => void requireLogin('packages/safety/bindEmail', { mode }))
  return (
    <PageFrame route="packages/safety/bindEmail" className="auth-page">
      <EmailForm mode={mode} />
      <Note>{sec.bindEmailIntro}</Note>
    </PageFrame>
  )
}
