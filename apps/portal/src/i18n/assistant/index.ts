import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { AssistantDictionary } from './types'
import zhCN from './zh-CN'

/** The AI customer-service page. */
export const assistantTexts: DomainTexts<AssistantDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { AssistantDictionary }
