import type { Database } from '../../db/client'
import { addFieldKey, fieldKeyIds, loadFieldCipher, removeFieldKeys } from '../../infra/crypto/field-cipher'
import { OpsRefusal } from './backup'
import { countByKey, resealFieldValues } from './sealed-values'

export interface RotateOptions {
  /** Rows re-sealed a statement (each row its own compare-and-set). */
  batchSize?: number
  /**
   * Instead of a new key: re-seal what an earlier rotation left (one interrupted, or values a
   * gateway with a stale view of the folder sealed), then delete the keys no value uses.
   */
  retire?: boolean
  now?: Date
  log?: (line: string) => void
}

/**
 * `keys:rotate -- field`: a new field-encryption key becomes current (the old ones stay, for
 * reading), then every ID and bank-card number is re-sealed under it in batches while the gateways
 * keep serving (they follow the folder: see loadFieldCipher). The keyed index of ID numbers is made
 * with the HMAC key, which does not change, so look-ups by ID number keep working throughout.
 * `--retire` then deletes the old keys once no value needs them.
 */
export async function rotateFieldKey(db: Database, keysDir: string, { batchSize = 200, retire = false, now = new Date(), log = () => {} }: RotateOptions = {}): Promise<string[]> {
  const before = fieldKeyIds(keysDir)
  if (!before.all.length) throw new OpsRefusal(`${keysDir} holds no field-encryption key: start the gateway once first (it makes the keys)`)
  if (!retire) {
    const id = addFieldKey(keysDir, now)
    log(`new field-encryption key ${id} is current; ${before.all.join(', ')} kept for reading`)
  }
  const cipher = loadFieldCipher(keysDir, { create: false })
  const resealed = await resealFieldValues(db, cipher, {
    batchSize,
    onBatch: ({ column, resealed }) => log(`  ${column}: ${resealed} re-sealed`),
  })
  const current = cipher.currentKeyId()
  const byKey = await countByKey(db, cipher)
  const old = fieldKeyIds(keysDir).all.filter((id) => id !== current)
  const lines = [
    `field values re-sealed under ${current}: ${Object.entries(resealed).map(([c, n]) => `${c} ${n}`).join(', ')}`,
    `values by key now: ${Object.entries(byKey).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
  ]
  const stillUsed = old.filter((id) => byKey[id])
  if (stillUsed.length) {
    throw new OpsRefusal(`${stillUsed.join(', ')} still seal values (written meanwhile by a gateway that did not see the new key?): run npm run keys:rotate -- field --retire again`)
  }
  if (retire) {
    removeFieldKeys(keysDir, old)
    lines.push(old.length ? `retired (deleted from ${keysDir}): ${old.join(', ')}. Backups made before the rotation still hold them.` : 'no old key to retire')
  } else if (old.length) {
    lines.push(`old key(s) ${old.join(', ')} kept for reading; once every gateway sees ${keysDir} as it is now, retire them: npm run keys:rotate -- field --retire`)
  }
  return lines
}
