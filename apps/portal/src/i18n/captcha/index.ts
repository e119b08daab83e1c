import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { CaptchaDictionary } from './types'
import zhCN from './zh-CN'

/** The slider puzzle and its proof-of-work alternative. */
export const captchaTexts: DomainTexts<CaptchaDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { CaptchaDictionary }
