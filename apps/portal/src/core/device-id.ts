import { GENERATED_ID_ALPHABET, GENERATED_ID_LENGTH } from '@ess/contract/wire'
import { customRandom } from 'nanoid'
import { platform } from './platform'
import { clientStorage } from './storage'

/** An id from the contract's 64-character alphabet, with the platform's random source. */
export function generateId(size: number = GENERATED_ID_LENGTH): string {
  return customRandom(GENERATED_ID_ALPHABET, size, (bytes) => platform().crypto.randomBytes(bytes))()
}

const DEVICE_ID_PATTERN = new RegExp(`^[${GENERATED_ID_ALPHABET.replace(/-/g, '\\-')}]{${GENERATED_ID_LENGTH}}$`)

/** The per-device `uuid` (SPEC §3): generated once, then read from storage. */
export function getDeviceId(): string {
  const stored = clientStorage.get('deviceId')
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored
  const id = generateId()
  clientStorage.set('deviceId', id)
  return id
}
