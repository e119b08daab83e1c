import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { ThirdPartyDictionary } from './types'
import zhCN from './zh-CN'

/** Third-party accounts (login page, binding list). */
export const thirdPartyTexts: DomainTexts<ThirdPartyDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { ThirdPartyDictionary }
