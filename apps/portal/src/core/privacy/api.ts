import { DOWNLOAD_LINK_RELEASE_MS, type ExportFormat, HTTP_TIMEOUT_MS, type PrivacyInfoType, type PrivacyPeriod, wire } from '@ess/contract/wire'
import { platform } from '../platform'
import { clearSession } from '../session'
import { declinePrivacyConsent } from '../auth/consent'
import { buildHeaders } from '../http/headers'
import { request } from '../http/request'
import { relaunchHome } from '../navigation'
import { toast } from '../toast'
import { logout } from '../auth/session'
import { textsNow } from '../../i18n/domain'
import { meTexts } from '../../i18n/me'

/**
 * Privacy rights (SPEC §1, §7; PIPL arts. 15, 44–47): the collection summary and lists, the copy of
 * my data and the withdrawal of consent.
 */
export const loadPrivacySummary = (period: PrivacyPeriod) => request(wire.privacyQuery, { period })
export const loadPrivacyTypes = () => request(wire.privacyTypeList)
export const loadPrivacyRecords = (type: PrivacyInfoType, period: PrivacyPeriod) => request(wire.privacyRecords, { type, period })
export const loadThirdParties = () => request(wire.privacyThirdParties)

/** A PDF takes a few seconds to lay out on a busy gateway: more than a call's 10 s is allowed. */
export const DOWNLOAD_TIMEOUT_MS = 6 * HTTP_TIMEOUT_MS

/**
 * Asks for a one-time link and downloads it at once with the session's signed headers (the link
 * lives DOWNLOAD_LINK_RELEASE_MS; the saved file's temporary URL is released after the same).
 */
export async function downloadMyData(format: ExportFormat): Promise<boolean> {
  const t = textsNow(meTexts).privacy
  const link = await request(wire.exportMyData, { format })
  if (!link) return false
  const [path, query = ''] = link.url.split('?')
  const headers = buildHeaders({ method: 'GET', path, query })
  const p = platform()
  try {
    const day = new Date().toISOString().slice(0, 10)
    await p.system.saveFile({ url: `${p.apiBase}${link.url}`, headers, fileName: `my-data-${day}.${format}`, timeoutMs: DOWNLOAD_TIMEOUT_MS, releaseMs: DOWNLOAD_LINK_RELEASE_MS })
    toast(t.downloaded)
    return true
  } catch {
    toast(t.downloadFailed)
    return false
  }
}

/**
 * Withdraws the privacy consent: the gateway removes the signature and ends every login; the app
 * forgets the session and the consent ('0', as declining at first launch) and opens home as a visitor.
 */
export async function withdrawConsent(): Promise<boolean> {
  const done = await request(wire.withdrawConsent)
  if (!done) return false
  // The sessions are already ended: forget the tokens, then log out locally (no call goes out).
  clearSession()
  await logout()
  declinePrivacyConsent()
  toast(textsNow(meTexts).privacy.withdrawn)
  await relaunchHome().catch(() => undefined)
  return true
}
