import { useDidShow, useRouter } from '@tarojs/taro'
import '@/components/auth-form/index.scss'
import { PageFrame } from '@/components/page-frame'
import { Note } from '@/components/security'
import { EmailForm } from '@/components/security/contact'
import { requireLogin } from '@/core/auth/target'
import { contactMode } from '@/core/security/contacts'
import { useI18n } from '@/i18n'

/** The new email (`mode=bind|change`), reached after the identity check. */
export default function BindEmailPage() {
  const { t } = useI18n()
  const mode = contactMode(useRouter().params.mode)
  useDidShow(() => void requireLogin('packages/safety/bindEmail', { mode }))
  return (
    <PageFrame route="packages/safety/bindEmail" className="auth-page">
      <EmailForm mode={mode} />
      <Note>{t.security.bindEmailIntro}</Note>
    </PageFrame>
  )
}
