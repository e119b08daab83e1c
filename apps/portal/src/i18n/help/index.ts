import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { HelpDictionary } from './types'
import zhCN from './zh-CN'

/** Help center, customer service and the notices inbox. */
export const helpTexts: DomainTexts<HelpDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { HelpDictionary }
