import type { IdentityMethods } from '@ess/contract/wire'
import { Eye, ShieldCheck } from '@nutui/icons-react-taro'
import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { useStore } from 'zustand'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { Note, OptionRow, SecurityHero } from '@/components/security'
import { loadUser } from '@/core/auth/session'
import { requireLogin } from '@/core/auth/target'
import { userStore } from '@/core/auth/user-store'
import { openRoute } from '@/core/navigation'
import { loadSecurityMethods, requireIdentity } from '@/core/security/identity'
import { fill, useI18n } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

const UPDATE = 'packages/safety/updatePasswd' as const

/**
 * How to change the password: with the current password and a code (only when the account has a
 * password and a phone or email to receive the code), or by verifying another way first.
 */
export default function ChangePwdOptionsPage() {
  const { t } = useI18n()
  const s = useTexts(securityTexts)
  const user = useStore(userStore, (st) => st.user)
  const [methods, setMethods] = useState<IdentityMethods | null>(null)
  useDidShow(() => {
    if (!requireLogin('packages/safety/changePwdOptions')) return
    void loadUser()
    void loadSecurityMethods().then((m) => m && setMethods(m))
  })
  const codeTarget = methods?.methods.find((m) => m.method === 'sms')?.target ?? methods?.methods.find((m) => m.method === 'email')?.target
  const withPassword = !!user?.hasPassword && !!codeTarget
  return (
    <PageFrame route="packages/safety/changePwdOptions">
      <SecurityHero icon={<Eye size={28} color="#ffffff" />} title={t.titles['packages/safety/updatePasswd']} text={s.optionsIntro} />
      {user && methods && (
        <ListCard>
          {withPassword && (
            <OptionRow
              testId="with-current-password"
              icon={<Eye size={18} />}
              title={s.withCurrentPassword}
              hint={fill(s.withCurrentPasswordHint, { target: codeTarget ?? '' })}
              onClick={() => void openRoute(UPDATE)}
            />
          )}
          <OptionRow testId="verify-other-way" icon={<ShieldCheck size={18} />} title={s.otherWay} hint={s.otherWayHint} onClick={() => void requireIdentity(UPDATE)} />
        </ListCard>
      )}
      {user && !user.hasPassword && <Note testId="no-password-yet">{s.noPasswordYet}</Note>}
    </PageFrame>
  )
}
