import { describe, expect, it } from 'vitest'
import {
  CheckCaptchaBodySchema,
  LoginSignupByPhoneCodeBodySchema,
  RegisterByEmailBodySchema,
  RegisterByPhoneBodySchema,
  SendEmailCodeBodySchema,
  SendPhoneCodeBodySchema,
  SignAgreementsBodySchema,
  calls,
  ERRORS,
  PRIVACY_PERIODS,
} from '../src'

const sealed = 'A'.repeat(342) + '=='
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message])

describe('sign-in and registration calls', () => {
  it('checks a mainland phone with the SPEC mobile rule and other regions loosely; China by default', () => {
    const base = { scene: 'register', captchaToken: 't' }
    expect(SendPhoneCodeBodySchema.parse({ ...base, phone: '13800138000' })).toMatchObject({ region: 'CN' })
    expect(firstMessage(SendPhoneCodeBodySchema.safeParse({ ...base, phone: '1380013800' }))).toEqual([['phone', 'mobile.length']])
    expect(firstMessage(SendPhoneCodeBodySchema.safeParse({ ...base, phone: '12800138000' }))).toEqual([['phone', 'mobile.invalid']])
    expect(firstMessage(SendPhoneCodeBodySchema.safeParse({ ...base, phone: '' }))).toEqual([['phone', 'mobile.required']])
    expect(SendPhoneCodeBodySchema.safeParse({ ...base, region: 'HK', phone: '91234567' }).success).toBe(true)
    expect(firstMessage(SendPhoneCodeBodySchema.safeParse({ ...base, region: 'HK', phone: '9123x' }))).toEqual([['phone', 'mobile.invalid']])
    expect(firstMessage(SendPhoneCodeBodySchema.safeParse({ ...base, region: 'cn', phone: '13800138000' }))).toEqual([['region', 'field.invalid']])
  })

  it('has no sign-in by email code', () => {
    expect(SendEmailCodeBodySchema.safeParse({ email: 'li@example.com', scene: 'login', captchaToken: 't' }).success).toBe(false)
    expect(SendEmailCodeBodySchema.parse({ email: ' li@example.com ', scene: 'register', captchaToken: 't' }).email).toBe('li@example.com')
  })

  it('registration needs a 6-digit code, two sealed passwords and at least one agreement', () => {
    const body = { email: 'li@example.com', code: '123456', password: sealed, confirmPassword: sealed, agreementIds: ['1', '2'] }
    expect(RegisterByEmailBodySchema.safeParse(body).success).toBe(true)
    expect(firstMessage(RegisterByEmailBodySchema.safeParse({ ...body, agreementIds: [] }))).toEqual([['agreementIds', 'agreement.required']])
    expect(firstMessage(RegisterByEmailBodySchema.safeParse({ ...body, code: '12345' }))).toEqual([['code', 'code.invalid']])
    expect(firstMessage(RegisterByEmailBodySchema.safeParse({ ...body, password: 'not base64!' }))).toEqual([['password', 'field.invalid']])
    expect(firstMessage(RegisterByPhoneBodySchema.safeParse({ ...body, email: undefined, phone: '1' }))).toEqual([['phone', 'mobile.length']])
    expect(SignAgreementsBodySchema.safeParse({ agreementIds: [] }).success).toBe(false)
  })

  it('code sign-in takes the agreements only when it creates the account', () => {
    expect(LoginSignupByPhoneCodeBodySchema.safeParse({ phone: '13800138000', code: '123456' }).success).toBe(true)
  })

  it('bounds the captcha trail', () => {
    const trail = Array.from({ length: 10 }, (_, i) => ({ x: i * 10, y: 0, t: i * 30 }))
    expect(CheckCaptchaBodySchema.safeParse({ captchaId: 'c', x: 90, trail }).success).toBe(true)
    expect(CheckCaptchaBodySchema.safeParse({ captchaId: 'c', x: 90, trail: [] }).success).toBe(false)
    expect(CheckCaptchaBodySchema.safeParse({ captchaId: 'c', x: 90, trail: Array(1001).fill(trail[0]) }).success).toBe(false)
    expect(CheckCaptchaBodySchema.safeParse({ captchaId: 'c', x: Number.NaN, trail }).success).toBe(false)
  })

  it('marks which user calls stay open while agreements wait for a signature', () => {
    const exempt = Object.entries(calls)
      .filter(([, c]) => 'reagreeExempt' in c && c.reagreeExempt)
      .map(([name]) => name)
      .sort()
    expect(exempt).toEqual(['getUserAgreements', 'logout', 'signAgreements', 'signOut', 'withdrawConsent'])
    expect(ERRORS.CODE_RESEND_TOO_SOON.message['en-US']).toContain('{seconds}')
  })
})

describe('privacy and push calls', () => {
  it('take the periods of SPEC §9 and the four push kinds of SPEC §2', async () => {
    const { PrivacyQueryBodySchema, UpdatePushSettingBodySchema, PUSH_KINDS } = await import('../src/calls')
    expect(PRIVACY_PERIODS.map((period) => PrivacyQueryBodySchema.safeParse({ period }).success)).toEqual([true, true, true])
    expect(PrivacyQueryBodySchema.safeParse({ period: '2y' }).success).toBe(false)
    expect(PUSH_KINDS).toEqual(['salary', 'examReservation', 'examReport', 'flexibleEmployment'])
    expect(UpdatePushSettingBodySchema.safeParse({ kind: 'salary', enabled: 'yes' }).success).toBe(false)
  })
})
