import type { UserInfo } from '@ess/contract/wire'

/** 13800138000 → 138****8000; short numbers keep their first and last two digits. */
export function maskPhone(phone: string): string {
  if (phone.length >= 11) return `${phone.slice(0, 3)}****${phone.slice(-4)}`
  if (phone.length > 4) return `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}`
  return phone
}

/** liu.wei@example.com → l***@example.com */
export function maskEmail(email: string): string {
  const at = email.indexOf('@')
  if (at <= 0) return email
  return `${email[0]}***${email.slice(at)}`
}

/** What the my-account header calls the user: the username, else the masked phone or email. */
export function displayName(user: Pick<UserInfo, 'username' | 'phone' | 'email' | 'userId'>): string {
  if (user.username) return user.username
  if (user.phone) return maskPhone(user.phone)
  if (user.email) return maskEmail(user.email)
  return user.userId
}
