import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'

/**
 * How names and ID numbers are compared: Unicode NFKC (full-width letters become half-width, the
 * ideographic space a space), spaces collapsed, the middle dot unified, Latin letters upper-cased.
 * "李 伟", "李伟 " and "李伟" are one name; "Li Wei" and "LI  WEI" too.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\u00b7\u2022\u30fb\uff65]/g, '·')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*·\s*/g, '·')
    .replace(/(?<=[\u4e00-\u9fa5])\s+(?=[\u4e00-\u9fa5])/g, '')
    .toUpperCase()
}

export function normaliseIdNo(idNo: string): string {
  return idNo.normalize('NFKC').replace(/\s+/g, '').toUpperCase()
}

/** The keyed index an employee is found by from the number typed (never the number itself). */
export function idNoIndex(hmacKey: HmacKey, idType: string, idNo: string): string {
  return hmacKey.digest('roster-id', `${idType}:${normaliseIdNo(idNo)}`)
}

/** Encryption context of an employee's ID number: a value copied to another row fails to decrypt. */
export const idNoContext = (companyCode: string, employeeNo: string) => `employee.idNo:${companyCode}:${employeeNo}`

export function sealIdNo(cipher: FieldCipher, companyCode: string, employeeNo: string, idNo: string): string {
  return cipher.encrypt(normaliseIdNo(idNo), idNoContext(companyCode, employeeNo))
}

/** 110101198803151237 → 110101********1237 (region kept, birth date and sequence hidden). */
export function maskIdNo(idNo: string): string {
  if (idNo.length <= 8) return '*'.repeat(Math.max(0, idNo.length - 2)) + idNo.slice(-2)
  return `${idNo.slice(0, 6)}${'*'.repeat(idNo.length - 10)}${idNo.slice(-4)}`
}

/** 李伟 → *伟, 欧阳娜娜 → ***娜, Li Wei → ** Wei: only the last character (or last word) shows. */
export function maskName(name: string): string {
  const latin = /^[A-Za-z\s·]+$/.test(name)
  if (latin) {
    const words = name.trim().split(/\s+/)
    const last = words.pop() ?? ''
    return words.length ? `${words.map((w) => '*'.repeat(Math.min(w.length, 3))).join(' ')} ${last}` : `${'*'.repeat(Math.max(1, last.length - 1))}${last.slice(-1)}`
  }
  const chars = Array.from(name)
  return chars.length <= 1 ? '*' : '*'.repeat(chars.length - 1) + chars[chars.length - 1]
}

/** 6222020200112233445 → 6222 **** **** 3445 */
export function maskBankCard(last4: string): string {
  return `**** **** **** ${last4}`
}
