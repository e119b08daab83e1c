import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { PersonalInfoDictionary } from './types'
import zhCN from './zh-CN'

/** Personal info (pages/user-center/user-info), SPEC §2 labels. */
export const personalInfoTexts: DomainTexts<PersonalInfoDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { PersonalInfoDictionary }
