import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  PATTERNS,
  RULE_MESSAGES,
  idNumberCheckDigitValid,
  luhnValid,
  passwordPair,
  rules,
  ruleMessage,
  toFieldIssues,
  LOCALES,
} from '../src'

const cases = <T extends keyof typeof PATTERNS>(name: T, accepted: string[], rejected: string[]) =>
  describe(name, () => {
    it.each(accepted)('accepts %j', (v) => expect(PATTERNS[name].test(v)).toBe(true))
    it.each(rejected)('rejects %j', (v) => expect(PATTERNS[name].test(v)).toBe(false))
  })

describe('SPEC §5 rules', () => {
  cases(
    'password',
    ['abc12345', 'A1b2C3d4', '1abcdefg', 'abc123!@#', 'a1' + 'x'.repeat(18), 'Zz9.,;:[]{}'],
    [
      'abc1234', // 7 chars
      'a1' + 'x'.repeat(19), // 21 chars
      'abcdefgh', // no digit
      '12345678', // no letter
      '_abc1234', // starts with a symbol
      '!abc1234',
      'abc 12345', // space
      'abc1234中文', // non-ASCII
      '',
    ],
  )
  cases('idNumber', ['110101199003074514', '11010119900307451X', '11010119900307451x', '110101900307451'], [
    '1101011990030745', // 16
    '11010119900307451Y',
    '11010119900307451XX',
    'X10101199003074514',
    '',
  ])
  cases('alphanumeric', ['a', 'Z9', 'abc123'], ['', 'a b', 'a-b', '中文'])
  cases('mobile', ['13800138000', '19912345678', '15000000000'], ['12800138000', '10800138000', '1380013800', '138001380000', '+8613800138000', ''])
  cases('email', ['a@b.cn', 'first.last_1-x@mail.example.com', 'x@y.museum'], [
    'a@b', 'a@b.c', 'a@b.abcdefg', '@b.cn', 'a b@c.cn', 'a@b..cn', 'a+tag@b.cn', '',
  ])
  cases('themeHex', ['#fff', 'fff', '#1E6FFF', '00aa88'], ['#ff', '#ffff', '#ggg', '#1234567', ''])
  cases('eCardValue', ['1', '9', '10', '999', '1000', '4999', '5000'], ['0', '5001', '01', '-1', '1.5', '10000', ''])
  cases('personName', ['张三', 'Li Lei', '阿依古丽·买买提', 'Anna'], ['张三1', 'Li  Lei', ' 张三', 'a_b', ''])

  it('password rule never accepts what the SPEC forbids (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        if (!PATTERNS.password.test(s)) return true
        return (
          s.length >= 8 && s.length <= 20 && /[A-Za-z]/.test(s) && /\d/.test(s) && /^[A-Za-z\d]/.test(s) && !/\s/.test(s)
        )
      }),
    )
  })

  it('national check digit', () => {
    expect(idNumberCheckDigitValid('11010519491231002X')).toBe(true)
    expect(idNumberCheckDigitValid('110105194912310021')).toBe(false)
    expect(idNumberCheckDigitValid('110101900307451')).toBe(true)
    expect(idNumberCheckDigitValid('abc')).toBe(false)
  })

  it('Luhn', () => {
    expect(luhnValid('6222020200112233447')).toBe(false)
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('79927398713')).toBe(true)
    expect(luhnValid('79927398710')).toBe(false)
    expect(luhnValid('12a4')).toBe(false)
  })
})

describe('zod rules carry message keys', () => {
  it('mobile: empty, length, then pattern', () => {
    expect(rules.mobile.safeParse('').error?.issues[0].message).toBe('mobile.required')
    expect(rules.mobile.safeParse('1380013800').error?.issues[0].message).toBe('mobile.length')
    expect(rules.mobile.safeParse('12800138000').error?.issues[0].message).toBe('mobile.invalid')
    expect(rules.mobile.safeParse('13800138000').success).toBe(true)
  })
  it('bank card: empty, then format and Luhn', () => {
    expect(rules.bankCard.safeParse('').error?.issues[0].message).toBe('bankCard.required')
    expect(rules.bankCard.safeParse('4111111111111112').error?.issues[0].message).toBe('bankCard.invalid')
    expect(rules.bankCard.safeParse('4111111111111111').success).toBe(true)
  })
  it('confirm password must match', () => {
    const r = passwordPair.safeParse({ password: 'abc12345', confirmPassword: 'abc12346' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].path).toEqual(['confirmPassword'])
    expect(ruleMessage(r.error!.issues[0].message as 'password.mismatch', 'en-US')).toBe('The two passwords do not match')
    expect(passwordPair.safeParse({ password: 'abc12345', confirmPassword: 'abc12345' }).success).toBe(true)
  })
  it('translates issues, unknown messages become field.invalid', () => {
    const issues = rules.email.safeParse('nope').error!.issues
    expect(toFieldIssues(issues, 'zh-CN')[0]).toEqual({ field: '', messageKey: 'email.invalid', message: '请输入正确的邮箱' })
    expect(toFieldIssues([{ path: ['a', 0], message: 'Expected string' }], 'en-US')[0]).toMatchObject({
      field: 'a.0',
      messageKey: 'field.invalid',
    })
  })
  it('every message exists in both languages', () => {
    for (const text of Object.values(RULE_MESSAGES)) for (const l of LOCALES) expect(text[l].length).toBeGreaterThan(0)
  })
  it('SPEC message wording', () => {
    expect(ruleMessage('mobile.length', 'en-US')).toMatch(/11-digit phone number/)
    expect(ruleMessage('name.invalid', 'en-US')).toMatch(/Chinese characters or letters/)
    expect(ruleMessage('agreement.required', 'en-US')).toMatch(/agree to the user agreement/)
  })
})
