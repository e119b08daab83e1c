import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { SecurityDictionary } from './types'
import zhCN from './zh-CN'

/** Account security screens (packages/safety). */
export const securityTexts: DomainTexts<SecurityDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { SecurityDictionary }
