import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { MeTexts } from './types'
import zhCN from './zh-CN'

/** Settings, push, privacy rights, display and the inner-jump page. */
export const meTexts: DomainTexts<MeTexts> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { MeTexts }
