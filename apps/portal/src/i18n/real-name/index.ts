import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { RealNameDictionary } from './types'
import zhCN from './zh-CN'

/** Real-name verification (packages/auth, packages/users/identity). */
export const realNameTexts: DomainTexts<RealNameDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { RealNameDictionary }
