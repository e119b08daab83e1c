import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadOrCreate256BitKey, loadOrCreateKeyFile } from './key-file'

const IV_BYTES = 12
const TAG_BYTES = 16
/** The first key, made at first start: its values are `v1.<iv>.<body>` (no key id). */
export const LEGACY_KEY_ID = 'v1'
const LEGACY_FILE = 'field-aes256.key'
/** Names the key new values are sealed with once a key has been rotated (`keys:rotate -- field`). */
const CURRENT_FILE = 'field-aes256.current'
const keyFile = (id: string) => (id === LEGACY_KEY_ID ? LEGACY_FILE : `field-aes256.${id}.key`)
const KEY_ID = /^[0-9A-Za-z-]{1,40}$/

export interface FieldCipher {
  /**
   * AES-256-GCM with a fresh IV under the current key: `v2.<key id>.<iv>.<ciphertext+tag>`
   * (base64url; `v1.<iv>.<…>` under the first key). `context` (e.g. the column and the owner's id)
   * is authenticated, so a value copied to another row fails to decrypt.
   */
  encrypt(plain: string, context?: string): string
  /** Throws when the value was altered, made with a key not in KEYS_DIR, or for another context. */
  decrypt(sealed: string, context?: string): string
  /** The key new values are sealed with. */
  currentKeyId(): string
  /** The key a sealed value was made with. */
  keyIdOf(sealed: string): string
}

export interface FieldCipherOptions {
  /** Make the first key when KEYS_DIR has none (a gateway's first start); a restore check must not. */
  create?: boolean
}

function readKey(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`)
  return key
}

function parse(sealed: string): { id: string; iv: string; body: string } {
  const parts = sealed.split('.')
  if (parts[0] === 'v1' && parts.length === 3 && parts[1] && parts[2]) return { id: LEGACY_KEY_ID, iv: parts[1], body: parts[2] }
  if (parts[0] === 'v2' && parts.length === 4 && KEY_ID.test(parts[1]) && parts[2] && parts[3]) return { id: parts[1], iv: parts[2], body: parts[3] }
  throw new Error('Not a sealed field value')
}

/**
 * Field encryption for ID and bank-card numbers with the keys of `<keysDir>`: the first made at
 * first start (`field-aes256.key`), later ones by a rotation (`field-aes256.<id>.key`, the current
 * one named in `field-aes256.current`). Keys are read when first needed and the current one is
 * looked up again at each encryption (a stat; encryptions are rare: a verification, a roster row),
 * so running gateways follow a rotation made by the command beside them without a restart: a
 * value sealed under the new key is readable at once, and none is sealed under a retired key.
 */
export function loadFieldCipher(keysDir: string, { create = true }: FieldCipherOptions = {}): FieldCipher {
  const keys = new Map<string, Buffer>()
  const currentFile = path.join(keysDir, CURRENT_FILE)
  let current: { id: string; stamp: string } | undefined

  function key(id: string): Buffer {
    let found = keys.get(id)
    if (!found) {
      const file = path.join(keysDir, keyFile(id))
      if (!existsSync(file)) throw new Error(`The field-encryption key ${id} is not in ${keysDir}`)
      found = readKey(file)
      keys.set(id, found)
    }
    return found
  }

  function currentKeyId(): string {
    const st = statSync(currentFile, { throwIfNoEntry: false })
    const stamp = st ? `${st.mtimeMs}:${st.ino}:${st.size}` : ''
    if (current?.stamp !== stamp) {
      const id = st ? readFileSync(currentFile, 'utf8').trim() : LEGACY_KEY_ID
      if (id !== LEGACY_KEY_ID && !KEY_ID.test(id)) throw new Error(`${currentFile} does not name a key`)
      current = { id, stamp }
    }
    return current.id
  }

  if (create && !existsSync(currentFile)) {
    keys.set(LEGACY_KEY_ID, loadOrCreate256BitKey(path.join(keysDir, LEGACY_FILE)))
  }
  key(currentKeyId())

  return {
    encrypt(plain, context = '') {
      const id = currentKeyId()
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key(id), iv).setAAD(Buffer.from(context, 'utf8'))
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
      const tail = [iv.toString('base64url'), sealed.toString('base64url')]
      return (id === LEGACY_KEY_ID ? ['v1', ...tail] : ['v2', id, ...tail]).join('.')
    },
    decrypt(sealed, context = '') {
      const { id, iv, body: bodyText } = parse(sealed)
      const body = Buffer.from(bodyText, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key(id), Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(context, 'utf8'))
        .setAuthTag(body.subarray(body.length - TAG_BYTES))
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8')
    },
    currentKeyId,
    keyIdOf: (sealed) => parse(sealed).id,
  }
}

/** The field-encryption keys present in a keys folder (ids, the current one first) and the current one's id. */
export function fieldKeyIds(keysDir: string): { current: string; all: string[] } {
  const currentFile = path.join(keysDir, CURRENT_FILE)
  const current = existsSync(currentFile) ? readFileSync(currentFile, 'utf8').trim() : LEGACY_KEY_ID
  const all = existsSync(keysDir)
    ? readdirSync(keysDir).flatMap((name) => {
        if (name === LEGACY_FILE) return [LEGACY_KEY_ID]
        const m = /^field-aes256\.([0-9A-Za-z-]+)\.key$/.exec(name)
        return m ? [m[1]] : []
      })
    : []
  return { current, all: all.includes(current) ? [current, ...all.filter((id) => id !== current)] : all }
}

/**
 * Makes a new field-encryption key and makes it the current one (the old ones stay, for reading).
 * The key file is linked into place whole, then the pointer replaced by a rename: a gateway reading
 * the folder meanwhile sees the old key or the new one, never half of either.
 */
export function addFieldKey(keysDir: string, now = new Date()): string {
  const id = `${now.toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`
  loadOrCreateKeyFile(path.join(keysDir, keyFile(id)), () => randomBytes(32).toString('base64'))
  const temporary = path.join(keysDir, `${CURRENT_FILE}.${process.pid}.tmp`)
  writeFileSync(temporary, id, { mode: 0o600 })
  renameSync(temporary, path.join(keysDir, CURRENT_FILE))
  return id
}

/** Deletes the files of field-encryption keys no longer current (after every value was re-sealed). */
export function removeFieldKeys(keysDir: string, ids: string[]): void {
  const { current } = fieldKeyIds(keysDir)
  for (const id of ids) {
    if (id === current) throw new Error(`${id} is the current field-encryption key`)
    rmSync(path.join(keysDir, keyFile(id)), { force: true })
  }
}
