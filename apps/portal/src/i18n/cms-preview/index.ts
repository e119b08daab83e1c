import type { DomainTexts } from '../domain'
import enUS from './en-US'
import type { CmsPreviewDictionary } from './types'
import zhCN from './zh-CN'

/** The preview of a CMS page's draft. */
export const cmsPreviewTexts: DomainTexts<CmsPreviewDictionary> = { 'zh-CN': zhCN, 'en-US': enUS }
export type { CmsPreviewDictionary }
