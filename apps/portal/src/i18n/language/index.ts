import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { LanguageDictionary } from './types'
import zhCN from './zh-CN'

/** The language page (packages/users/language). */
export const languageTexts: DomainTexts<LanguageDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { LanguageDictionary }
