import { AGREEMENT_TYPES, type AgreementType, type AppAgreement, type Locale, type UserAgreements, ruleMessage } from '@ess/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { agreementUrl, getAppAgreements } from './service'
import { insertSignatures, listCurrentVersions, listSignedVersions } from './queries'

/** The set a user agrees to to use the app (SPEC §7 getAppAgreements type 1). */
const APP_SET = '1'

type CurrentVersion = Awaited<ReturnType<typeof listCurrentVersions>>[number]

/** The current versions of every set, by id. */
async function currentVersions(db: Database, now: Date): Promise<Map<number, CurrentVersion & { setType: string }>> {
  const bySet = await Promise.all(
    AGREEMENT_TYPES.map(async (setType) => (await listCurrentVersions(db, setType, now)).map((row) => ({ ...row, setType }))),
  )
  return new Map(bySet.flat().map((row) => [row.id, row]))
}

/** Ids as numbers; an id that is not a current version is refused as outdated. */
function currentOnly(ids: string[], current: Map<number, { setType: string }>, setType?: string): number[] {
  const numbers = [...new Set(ids.map(Number))]
  const stale = numbers.filter((id) => !current.has(id) || (setType !== undefined && current.get(id)?.setType !== setType))
  if (stale.length) throw new AppError('AGREEMENT_OUTDATED')
  return numbers
}

/**
 * The versions ticked at sign-up: current versions of set 1 only, with every required one
 * (AGREEMENT_OUTDATED for an old or unknown id, `agreement.required` for a missing one).
 */
export const checkSignUpAgreements = (db: Database, ids: string[] | undefined, locale: Locale, now: Date) => checkTicked(db, ids, APP_SET, locale, now)

/** The versions ticked of a set: current ones of that set only, every required one among them. */
export async function checkTicked(db: Database, ids: string[] | undefined, setType: AgreementType, locale: Locale, now: Date): Promise<number[]> {
  const current = await currentVersions(db, now)
  const required = [...current.values()].filter((row) => row.setType === setType && row.required).map((row) => row.id)
  const ticked = currentOnly(ids ?? [], current, setType)
  if (required.some((id) => !ticked.includes(id))) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'agreementIds', messageKey: 'agreement.required', message: ruleMessage('agreement.required', locale) }],
    })
  }
  return ticked
}

/** Records signatures of versions (already checked as current). */
export function recordSignatures(db: Database, userId: string, versionIds: number[], origin: ClientOrigin, now: Date) {
  return insertSignatures(
    db,
    versionIds.map((agreementVersionId) => ({ userId, agreementVersionId, signedAt: now, ip: origin.ip, deviceId: origin.deviceId })),
  )
}

/** Signs current versions of any set by id; an unknown or outdated id refuses the whole request. */
export async function signAgreements(db: Database, userId: string, ids: string[], origin: ClientOrigin, now: Date) {
  const versionIds = currentOnly(ids, await currentVersions(db, now))
  await recordSignatures(db, userId, versionIds, origin, now)
}

const pick = <T>(locale: Locale, zh: T, en: T) => (locale === 'en-US' ? en : zh)

/** What the user signed, and the current versions of set 1 waiting for their signature. */
export async function getUserAgreements(db: Database, userId: string, locale: Locale, now: Date): Promise<UserAgreements> {
  const [signedRows, appSet] = await Promise.all([listSignedVersions(db, userId), getAppAgreements(db, APP_SET, locale, now)])
  const current = await currentVersions(db, now)
  const signedIds = new Set(signedRows.map((row) => String(row.id)))
  const pending: AppAgreement[] = appSet.filter((item) => !signedIds.has(item.agreementId))
  return {
    signed: signedRows.map((row) => ({
      agreementId: String(row.id),
      agreementCode: row.code,
      agreementName: pick(locale, row.nameZh, row.nameEn),
      agreementUrl: agreementUrl(row.code, row.version, locale),
      version: row.version,
      signedAt: row.signedAt.toISOString(),
      current: current.has(row.id),
    })),
    pending,
  }
}
