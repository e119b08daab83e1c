import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { UserCenterDictionary } from './types'
import zhCN from './zh-CN'

/** The My account tab and the personal-info detail page. */
export const userCenterTexts: DomainTexts<UserCenterDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { UserCenterDictionary }
