import type { Bilingual, Locale } from './locale'

/**
 * What the portal needs on every call, apart from the error catalogue (errors.ts): the catalogue's
 * entry type, the three envelope codes SPEC §8 gives a meaning of their own (the portal acts on
 * them), and the texts of HTTP statuses. A module of its own so the portal's start-up loads these
 * without the whole catalogue.
 */
export interface ErrorDef {
  /** Envelope `code`. */
  code: number
  /** HTTP status of the response. */
  status: number
  message: Bilingual
}

/** A catalogue entry. */
export const errorDef = (code: number, status: number, zh: string, en: string): ErrorDef => ({
  code,
  status,
  message: { 'zh-CN': zh, 'en-US': en },
})

/** SPEC §8's codes with their own meaning: 401 (log in again), 430 (re-sign the agreements), 100400 (account abnormal). */
export const SESSION_INVALID_ERROR = errorDef(401, 401, '登录已失效，请重新登录', 'Your session has expired, please log in again')
export const PRIVACY_REAGREE_ERROR = errorDef(430, 403, '用户协议已更新，请阅读并同意后继续使用', 'The agreements have been updated; please read and agree to continue')
export const ACCOUNT_ABNORMAL_ERROR = errorDef(100400, 403, '信息获取失败，请稍后重试或联系客服', 'Info retrieval failed, Please try again later or contact service')

/** HTTP status texts of SPEC §8, in both languages, used when no envelope came back. */
export const HTTP_STATUS_TEXT: Record<number, Bilingual> = {
  400: { 'zh-CN': '错误请求', 'en-US': 'Bad Request' },
  401: { 'zh-CN': '未授权，请重新登录', 'en-US': 'Unauthorized' },
  403: { 'zh-CN': '拒绝访问', 'en-US': 'Forbidden' },
  404: { 'zh-CN': '请求错误，未找到该资源', 'en-US': 'Not Found' },
  405: { 'zh-CN': '请求方法未允许', 'en-US': 'Method Not Allowed' },
  408: { 'zh-CN': '请求超时', 'en-US': 'Request Time-out' },
  500: { 'zh-CN': '服务器端出错', 'en-US': 'Internal Server Error' },
  502: { 'zh-CN': '网络错误', 'en-US': 'Bad Gateway' },
  503: { 'zh-CN': '服务不可用', 'en-US': 'Service Unavailable' },
  504: { 'zh-CN': '网络超时', 'en-US': 'Gateway Time-out' },
  505: { 'zh-CN': 'HTTP版本不支持该请求', 'en-US': 'HTTP Version not Supported' },
}
export const HTTP_STATUS_DEFAULT_TEXT: Bilingual = { 'zh-CN': '服务器错误！', 'en-US': 'Server Error!' }
export const NETWORK_ABNORMAL_TEXT: Bilingual = {
  'zh-CN': '网络连接异常，请稍后再试！',
  'en-US': 'Network connection is abnormal, please try again later!',
}
/** The toast fallback of SPEC §8 when an error carries no message. */
export const NETWORK_REQUEST_ERROR_TEXT: Bilingual = { 'zh-CN': '网络请求错误', 'en-US': 'network request error' }

export function httpStatusText(status: number, locale: Locale): string {
  return (HTTP_STATUS_TEXT[status] ?? HTTP_STATUS_DEFAULT_TEXT)[locale]
}
