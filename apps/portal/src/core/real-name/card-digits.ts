/** Formatting of a bank card number as it is typed (zod-free: the card forms paint before zod arrives). */

/** 6222020200112233445 → "6222 0202 0011 2233 445" as the user types. */
export function groupCardDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}
