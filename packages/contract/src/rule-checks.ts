import { PATTERNS } from './rules'

/** Check digits of the validation rules (SPEC §5) beyond their patterns (./rules): the forms' and the gateway's schemas use them. */

/** Luhn (mod 10) check used for bank-card numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'
/** National check digit (GB 11643) of an 18-character ID number; 15-digit numbers carry none. */
export function idNumberCheckDigitValid(id: string): boolean {
  if (!PATTERNS.idNumber.test(id)) return false
  if (id.length === 15) return true
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * ID_WEIGHTS[i]
  return ID_CHECK[sum % 11] === id[17].toUpperCase()
}
