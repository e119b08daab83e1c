import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { AuthDictionary } from './types'
import zhCN from './zh-CN'

/** Sign-in, registration and the mini-program's login screens. */
export const authTexts: DomainTexts<AuthDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { AuthDictionary }
