import type { IdentityMethods } from '@ess/contract/wire'
import { ShieldCheck } from '@nutui/icons-react-taro'
import { Button } from '@/components/a11y/button'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { ListCard } from '@/components/list-card'
import { PageFrame } from '@/components/page-frame'
import { MethodIcon, OptionRow, SecurityHero } from '@/components/security'
import { requireLogin } from '@/core/auth/target'
import { openRoute } from '@/core/navigation'
import { backToAccountSecurity } from '@/core/security/password'
import { AUTHENTICATION, encodeNext, loadSecurityMethods, nextOrHub, orderedMethods } from '@/core/security/identity'
import { fill } from '@/i18n'
import { useTexts } from '@/i18n/domain'
import { securityTexts } from '@/i18n/security'

/**
 * The identity check's choice (SPEC §2 "identity verification choice"): only the methods the
 * account has, with where a code would go; none → the user is told to bind a phone or email.
 * The chosen method's form replaces this list, so after a pass one check page is left to replace
 * with the next page (a single navigation: a Back followed at once by a redirect leaves the web
 * router on a blank page).
 */
export default function AuthListPage() {
  const s = useTexts(securityTexts)
  const { params } = useRouter()
  const next = nextOrHub(params.next)
  const [methods, setMethods] = useState<IdentityMethods | null>(null)
  useDidShow(() => {
    if (!requireLogin('packages/safety/authList', { next: encodeNext(next.route, next.query) })) return
    void loadSecurityMethods().then((m) => m && setMethods(m))
  })
  const hint = (m: IdentityMethods['methods'][number]) => {
    if (m.method === 'sms' || m.method === 'email') return fill(s.methodHintCode, { target: m.target ?? '' })
    if (m.method === 'password') return s.methodHintPassword
    return m.method === 'idNumber' ? s.methodHintIdNumber : s.methodHintBankCard
  }
  const list = methods ? orderedMethods(methods.methods) : []
  return (
    <PageFrame route="packages/safety/authList">
      <SecurityHero icon={<ShieldCheck size={28} color="#ffffff" />} title={s.checkTitle} text={s.checkIntro} />
      {methods && list.length > 0 && (
        <ListCard>
          {list.map((m) => (
            <OptionRow
              key={m.method}
              testId={`method-${m.method}`}
              icon={<MethodIcon method={m.method} />}
              title={s.methods[m.method]}
              hint={hint(m)}
              onClick={() => void openRoute(AUTHENTICATION, { method: m.method, next: encodeNext(next.route, next.query) }, { replace: true })}
            />
          ))}
        </ListCard>
      )}
      {methods && list.length === 0 && (
        <EmptyState
          testId="no-methods"
          description={s.noMethods}
          actions={
            <Button type="primary" fill="outline" shape="round" onClick={() => void backToAccountSecurity()}>
              {s.toAccountSecurity}
            </Button>
          }
        />
      )}
    </PageFrame>
  )
}
