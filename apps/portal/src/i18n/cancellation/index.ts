import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { CancellationDictionary } from './types'
import zhCN from './zh-CN'

/** Account cancellation (accountCancel, confirmCancel). */
export const cancellationTexts: DomainTexts<CancellationDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { CancellationDictionary }
