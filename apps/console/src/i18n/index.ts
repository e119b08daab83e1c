import type { Locale } from '@ess/contract/wire'
import { audit as auditEn } from './audit.en-US'
import { audit as auditZh } from './audit.zh-CN'
import { auth as authEn } from './auth.en-US'
import { auth as authZh } from './auth.zh-CN'
import { common as commonEn } from './common.en-US'
import { content as contentEn } from './content.en-US'
import { content as contentZh } from './content.zh-CN'
import { common as commonZh } from './common.zh-CN'
import { dashboard as dashboardEn } from './dashboard.en-US'
import { dashboard as dashboardZh } from './dashboard.zh-CN'
import { home as homeEn } from './home.en-US'
import { home as homeZh } from './home.zh-CN'
import { notices as noticesEn } from './notices.en-US'
import { notices as noticesZh } from './notices.zh-CN'
import { operators as operatorsEn } from './operators.en-US'
import { operators as operatorsZh } from './operators.zh-CN'
import { roster as rosterEn } from './roster.en-US'
import { roster as rosterZh } from './roster.zh-CN'
import { security as securityEn } from './security.en-US'
import { security as securityZh } from './security.zh-CN'
import { support as supportEn } from './support.en-US'
import { support as supportZh } from './support.zh-CN'
import type { AuditTexts, AuthTexts, CommonTexts, ContentTexts, DashboardTexts, HomeTexts, NoticesTexts, OperatorsTexts, RosterTexts, SecurityTexts, SupportTexts } from './types'

/** Every domain's texts in one language. The console is small: both languages ship in its bundle. */
export interface Texts {
  common: CommonTexts
  auth: AuthTexts
  home: HomeTexts
  audit: AuditTexts
  security: SecurityTexts
  roster: RosterTexts
  support: SupportTexts
  operators: OperatorsTexts
  notices: NoticesTexts
  dashboard: DashboardTexts
  content: ContentTexts
}

export const TEXTS: Readonly<Record<Locale, Texts>> = {
  'zh-CN': { common: commonZh, auth: authZh, home: homeZh, audit: auditZh, security: securityZh, roster: rosterZh, support: supportZh, operators: operatorsZh, notices: noticesZh, dashboard: dashboardZh, content: contentZh },
  'en-US': { common: commonEn, auth: authEn, home: homeEn, audit: auditEn, security: securityEn, roster: rosterEn, support: supportEn, operators: operatorsEn, notices: noticesEn, dashboard: dashboardEn, content: contentEn },
}

/** `{name}` placeholders filled from `values`. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))

/**
 * Refine's `translate(key)`: a dotted path into the texts (`audit.columns.at`), or one of the keys
 * Refine's own components ask for (`buttons.refresh`, under `common.refine`); the default Refine
 * passes otherwise.
 */
export function translate(texts: Texts, key: string, fallback?: string): string {
  const own = texts.common.refine[key]
  if (own) return own
  let node: unknown = texts
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string' ? node : (fallback ?? key)
}
