import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { AccountSecurityDictionary } from './types'
import zhCN from './zh-CN'

/** The account security hub (packages/users/account) and its contact rows. */
export const accountSecurityTexts: DomainTexts<AccountSecurityDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { AccountSecurityDictionary }
