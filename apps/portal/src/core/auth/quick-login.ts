import { QUICK_LOGIN_SOURCES, wire } from '@ess/contract/wire'
import { getDictionary } from '../../i18n'
import { request } from '../http/request'
import { platform } from '../platform'
import { toast } from '../toast'
import { completeLogin } from './session'

let running: Promise<boolean> | null = null

/**
 * Quick login (SPEC §4, mini-program only): a jump that carries `action=quickLogin`, a `source` of
 * QUICK_LOGIN_SOURCES ('hm') and a `token` logs in through SSO ssoLogin; success toasts and opens
 * the target like any login, failure toasts. One runs at a time. Resolves whether it logged in.
 */
export function quickLoginFromJump(query: Record<string, string | undefined> = platform().system.launchQuery()): Promise<boolean> {
  if (platform().kind !== 'weapp') return Promise.resolve(false)
  const { action, source, token } = query
  if (action !== 'quickLogin' || !token || !(QUICK_LOGIN_SOURCES as readonly string[]).includes(source ?? '')) return Promise.resolve(false)
  running ??= request(wire.ssoLogin, { token, source: 'mini', timestamp: Date.now() }, { needThrowErr: true, needShowToast: false })
    .then(async (state) => {
      await completeLogin(state)
      toast(getDictionary().session.quickLoginOk, { icon: 'success' })
      return true
    })
    .catch(() => {
      toast(getDictionary().session.quickLoginFailed)
      return false
    })
    .finally(() => {
      running = null
    })
  return running
}
