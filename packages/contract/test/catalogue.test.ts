import { describe, expect, it } from 'vitest'
import {
  ERRORS,
  ERROR_CODES,
  LOCALES,
  errorByCode,
  errorMessage,
  httpStatusText,
  ok,
  isSuccessEnvelope,
  ErrorEnvelopeSchema,
  successEnvelope,
  resolveLocale,
  ROUTES,
  EXTRA_ROUTES,
  SUBPACKAGES,
  TAB_ROUTES,
  MAIN_PAGES,
  isRoutePath,
  calls,
  GENERATED_ID_ALPHABET,
  GENERATED_ID_LENGTH,
} from '../src'
import { z } from 'zod'

describe('error catalogue (SPEC §8)', () => {
  it('codes are unique and every entry is bilingual', () => {
    // The SPEC's 401 (log in again) and 100400 (account abnormal) have two reasons each; every other code names one error.
    const codes = ERROR_CODES.filter((k) => k !== 'SESSION_ENDED' && k !== 'ACCOUNT_DISABLED').map((k) => ERRORS[k].code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(ERRORS.SESSION_ENDED.code).toBe(401)
    expect(errorByCode(401)).toBe('SESSION_INVALID')
    for (const k of ERROR_CODES) for (const l of LOCALES) expect(ERRORS[k].message[l]).not.toBe('')
  })
  it('keeps the SPEC codes', () => {
    expect(ERRORS.SESSION_INVALID.code).toBe(401)
    expect(ERRORS.PRIVACY_REAGREE.code).toBe(430)
    expect(ERRORS.ACCOUNT_ABNORMAL.code).toBe(100400)
    expect(ERRORS.ACCOUNT_DISABLED).toMatchObject({ code: 100400, status: ERRORS.ACCOUNT_ABNORMAL.status, message: ERRORS.ACCOUNT_ABNORMAL.message })
    expect(errorByCode(100400)).toBe('ACCOUNT_ABNORMAL')
    expect(errorMessage('ACCOUNT_ABNORMAL', 'en-US')).toBe('Info retrieval failed, Please try again later or contact service')
    expect(errorMessage('WRONG_OLD_PASSWORD', 'en-US')).toBe('The password you have entered is incorrect, please re-enter it')
    expect(errorByCode(430)).toBe('PRIVACY_REAGREE')
    expect(errorByCode(42)).toBeUndefined()
  })
  it('HTTP status texts with the default', () => {
    for (const s of [400, 401, 403, 404, 405, 408, 500, 502, 503, 504, 505]) {
      expect(httpStatusText(s, 'en-US')).not.toBe('Server Error!')
      expect(httpStatusText(s, 'zh-CN')).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect(httpStatusText(418, 'en-US')).toBe('Server Error!')
    expect(httpStatusText(505, 'en-US')).toBe('HTTP Version not Supported')
  })
})

describe('envelope', () => {
  it('success shape', () => {
    const env = ok({ x: 1 })
    expect(env).toEqual({ code: 200, msg: 'OK', data: { success: true, data: { x: 1 } } })
    expect(successEnvelope(z.object({ x: z.number() })).parse(env)).toEqual(env)
    expect(isSuccessEnvelope(env)).toBe(true)
    expect(isSuccessEnvelope({ code: 401, data: { success: false } })).toBe(false)
    expect(isSuccessEnvelope(null)).toBe(false)
  })
  it('error shape', () => {
    expect(
      ErrorEnvelopeSchema.safeParse({ code: 401, errorCode: 'SESSION_INVALID', msg: 'm', errorMsg: 'm', data: { success: false, data: null } })
        .success,
    ).toBe(true)
  })
})

describe('locale', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB,zh;q=0.5', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR, en;q=0.5', 'en-US'],
    ['zh-TW', 'zh-CN'],
    ['fr', 'zh-CN'],
    ['en;q=0, zh', 'zh-CN'],
    [';;;,', 'zh-CN'],
  ])('%j → %s', (h, l) => expect(resolveLocale(h)).toBe(l))
})

describe('routes (SPEC §2)', () => {
  it('the 51 SPEC paths and ours, unique, tabs first', () => {
    expect(ROUTES).toHaveLength(51 + EXTRA_ROUTES.length)
    expect(new Set(ROUTES).size).toBe(51 + EXTRA_ROUTES.length)
    expect(ROUTES.slice(0, 3)).toEqual([...TAB_ROUTES])
    expect(MAIN_PAGES).toHaveLength(8)
    expect(Object.keys(SUBPACKAGES)).toEqual([
      'packages/safety',
      'packages/users',
      'packages/auth',
      'packages/user-center',
      'packages/login',
      'packages/webview',
      'packages/news',
      'packages/error',
    ])
    expect(SUBPACKAGES['packages/safety']).toHaveLength(16 + 2) // + devices, thirdParty (EXTRA_ROUTES)
    expect(SUBPACKAGES['packages/users']).toHaveLength(15 + 1) // + notices/index (EXTRA_ROUTES)
    expect(isRoutePath('/packages/safety/findPasswd')).toBe(true)
    expect(isRoutePath('packages/safety/nope')).toBe(false)
  })
})

describe('calls and constants', () => {
  it('every call has a path under a known prefix and a response schema', () => {
    for (const c of Object.values(calls)) {
      expect(c.path).toMatch(/^\/(health(\/live|\/ready)?$|user\/api\/|cms\/|sso\/)/)
      expect(c.response).toBeDefined()
    }
  })
  it('generated id alphabet is 64 distinct characters, length 21', () => {
    expect(new Set(GENERATED_ID_ALPHABET).size).toBe(64)
    expect(GENERATED_ID_LENGTH).toBe(21)
  })
})
