import { sha256 } from '@noble/hashes/sha256'
import { utf8Bytes } from './signature'

/**
 * The proof of work of the puzzle's alternative (calls/wire.ts, `getCaptchaWork`): SHA-256 of
 * `challenge:nonce` (UTF-8) must start with `bits` zero bits. Both sides use this function: the
 * client to search, the gateway to check one answer.
 */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8
      continue
    }
    return bits + Math.clz32(byte) - 24
  }
  return bits
}

export function meetsCaptchaWork(challenge: string, nonce: string, bits: number): boolean {
  return leadingZeroBits(sha256(utf8Bytes(`${challenge}:${nonce}`))) >= bits
}
