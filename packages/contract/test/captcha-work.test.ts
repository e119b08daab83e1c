import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leadingZeroBits, meetsCaptchaWork } from '../src'

/** The reference: the digest written out as bits, and its run of leading zeros. */
const zerosOfBitString = (bytes: Uint8Array) => {
  const bits = [...bytes].map((b) => b.toString(2).padStart(8, '0')).join('')
  const first = bits.indexOf('1')
  return first < 0 ? bits.length : first
}

describe('the proof of work of the puzzle alternative', () => {
  it('counts leading zero bits as the bit string shows them', () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x10, 0xff]))).toBe(19)
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0)
    expect(leadingZeroBits(Uint8Array.from([0, 0]))).toBe(16)
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => leadingZeroBits(bytes) === zerosOfBitString(bytes)))
  })

  it("checks SHA-256 of 'challenge:nonce' in UTF-8 (node:crypto agrees), at any difficulty", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat().map(String), fc.integer({ min: 0, max: 24 }), (challenge, nonce, bits) => {
        const digest = createHash('sha256').update(`${challenge}:${nonce}`, 'utf8').digest()
        return meetsCaptchaWork(challenge, nonce, bits) === zerosOfBitString(digest) >= bits
      }),
    )
  })
})
