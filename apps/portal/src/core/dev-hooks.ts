import { wire } from '@ess/contract/wire'
import { showAccountAbnormal, showAgreementsPrompt } from './agreements'
import { confirm } from './confirm'
import { request } from './http/request'
import { setLocale } from './locale'
import { toast } from './toast'

/** `window.__ess` in development builds: the global dialogs and the client, for manual checks. */
export function installDevHooks(): void {
  const host = globalThis as { __ess?: unknown }
  host.__ess = { calls: wire, request, confirm, showAgreementsPrompt, showAccountAbnormal, setLocale, toast }
}
