import { describe, expect, it } from 'vitest'
import { accountKeyOf, maskEmail, normaliseEmail } from './contact'

describe('what a sign-in account names', () => {
  it.each([
    ['13800138000', { phoneE164: '+8613800138000' }],
    [' 13800138000 ', { phoneE164: '+8613800138000' }],
    ['+85291234567', { phoneE164: '+85291234567' }],
    ['Li.Lei@Example.com', { email: 'li.lei@example.com' }],
    ['Li_Lei', { username: 'li_lei' }],
    ['12800138000', { username: '12800138000' }],
  ])('%j → %j', (account, key) => expect(accountKeyOf(account)).toEqual(key))
})

describe('contacts', () => {
  it('keeps emails in lower case and masks them for display', () => {
    expect(normaliseEmail(' Mei@Example.COM ')).toBe('mei@example.com')
    expect(maskEmail('mei@example.com')).toBe('m***@example.com')
  })
})
