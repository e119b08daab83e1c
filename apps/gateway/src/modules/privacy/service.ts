import {
  DOWNLOAD_LINK_RELEASE_MS,
  type ExportFormat,
  type ExportLink,
  type Locale,
  PRIVACY_INFO_TYPES,
  PRIVACY_RECORDS_LIMIT,
  type PrivacyInfoType,
  type PrivacyPeriod,
  type PrivacySummary,
  type PrivacyType,
  type ThirdParty,
} from '@ess/contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { agreement, agreementVersion, userAgreement } from '../../db/schema'
import type { Kv } from '../../infra/kv'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import { newToken, sha256Hex } from '../../lib/digest'
import { maskIp } from '../security/device'
import { endAllSessions } from '../session/service'
import { INFO_TYPES, SCENES, THIRD_PARTIES } from './catalogue'
import { ledgerRows, signInsSince, totalsSince } from './queries'

const DAY_MS = 86_400_000
/** SPEC §9 privacy periods. */
export const PERIOD_MS: Record<PrivacyPeriod, number> = { '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, '1y': 365 * DAY_MS }

export const sinceOf = (period: PrivacyPeriod, now: Date) => new Date(now.getTime() - PERIOD_MS[period])

export function typeList(locale: Locale): PrivacyType[] {
  return PRIVACY_INFO_TYPES.map((type) => ({
    type,
    name: INFO_TYPES[type].name[locale],
    purpose: INFO_TYPES[type].purpose[locale],
    scenes: INFO_TYPES[type].scenes.map((scene) => ({ scene, name: SCENES[scene][locale] })),
  }))
}

export async function summary(db: Database, userId: string, period: PrivacyPeriod, now: Date, locale: Locale): Promise<PrivacySummary> {
  const since = sinceOf(period, now)
  const totals = await totalsSince(db, userId, since)
  return {
    period,
    since: since.toISOString(),
    items: PRIVACY_INFO_TYPES.map((type) => {
      const total = totals.get(type)
      return {
        type,
        name: INFO_TYPES[type].name[locale],
        purpose: INFO_TYPES[type].purpose[locale],
        count: total?.count ?? 0,
        lastAt: total?.lastAt?.toISOString() ?? null,
      }
    }),
  }
}

/** A device id shown as its first and last 4 characters. */
export const maskDeviceId = (deviceId: string) => mask(deviceId, { keepStart: 4, keepEnd: 4 })

export async function records(db: Database, userId: string, type: PrivacyInfoType, period: PrivacyPeriod, now: Date, locale: Locale) {
  const since = sinceOf(period, now)
  const rows = (await ledgerRows(db, userId, type, since, PRIVACY_RECORDS_LIMIT)).map((row) => ({
    at: row.at,
    scene: row.scene,
    value: row.masked,
    count: row.count,
  }))
  if (type === 'deviceId' || type === 'ipAddress') {
    for (const signIn of await signInsSince(db, userId, since, PRIVACY_RECORDS_LIMIT)) {
      rows.push({ at: signIn.at, scene: 'signIn', value: type === 'deviceId' ? maskDeviceId(signIn.deviceId) : maskIp(signIn.ip), count: 1 })
    }
    rows.sort((a, b) => b.at.getTime() - a.at.getTime())
  }
  return {
    type,
    name: INFO_TYPES[type].name[locale],
    purpose: INFO_TYPES[type].purpose[locale],
    records: rows.slice(0, PRIVACY_RECORDS_LIMIT).map((row) => ({ ...row, at: row.at.toISOString(), sceneName: SCENES[row.scene][locale] })),
  }
}

export interface SharingContext {
  /** Email goes out by SMTP (a provider receives the address). */
  smtp: boolean
  /** SMS go out through a provider (the dev outbox otherwise). */
  sms: boolean
}

export function thirdParties(context: SharingContext, locale: Locale): ThirdParty[] {
  return THIRD_PARTIES.map((party) => ({
    id: party.id,
    recipient: party.recipient[locale],
    purpose: party.purpose[locale],
    data: party.data[locale],
    method: party.method[locale],
    active: party.when === 'always' || (party.when === 'smtp' && context.smtp) || (party.when === 'sms' && context.sms),
  }))
}

/** Path of the one-time download of an export. */
export const DOWNLOAD_PATH = '/app/user/api/privacy/download'

interface ExportTicket {
  userId: string
  format: ExportFormat
}

const ticketKey = (token: string) => `privacy:export:${sha256Hex(token)}`

/**
 * A one-time download link for a copy of the user's data: a random token kept (as a digest) for
 * DOWNLOAD_LINK_RELEASE_MS, bound to the user; the download needs their session too.
 */
export async function issueExport(kv: Kv, userId: string, format: ExportFormat): Promise<ExportLink> {
  const token = newToken()
  await kv.set(ticketKey(token), JSON.stringify({ userId, format } satisfies ExportTicket), DOWNLOAD_LINK_RELEASE_MS)
  return { url: `${DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`, format, expiresIn: DOWNLOAD_LINK_RELEASE_MS }
}

/** Spends a download token: its format when it is live and the session's user's; NOT_FOUND otherwise. */
export async function redeemExport(kv: Kv, userId: string, token: string): Promise<ExportFormat> {
  const key = ticketKey(token)
  const raw = await kv.get(key)
  const ticket = raw ? (JSON.parse(raw) as ExportTicket) : undefined
  // Another user's token is refused without spending it.
  if (!ticket || ticket.userId !== userId) throw new AppError('NOT_FOUND')
  if (!(await kv.take(key))) throw new AppError('NOT_FOUND')
  return ticket.format
}

/**
 * Withdraws the privacy consent (PIPL art. 15): the user's signatures of the privacy policy are
 * removed and every login ends, so nothing more is collected; signing in again asks for the
 * consent first (430), as at first launch.
 */
export async function withdraw(db: Database, userId: string, now: Date): Promise<{ ended: number }> {
  return db.transaction(async (tx) => {
    const privacyVersions = tx
      .select({ id: agreementVersion.id })
      .from(agreementVersion)
      .innerJoin(agreement, eq(agreement.id, agreementVersion.agreementId))
      .where(eq(agreement.code, 'privacy'))
    await tx.delete(userAgreement).where(and(eq(userAgreement.userId, userId), inArray(userAgreement.agreementVersionId, privacyVersions)))
    return { ended: await endAllSessions(tx, userId, now) }
  })
}

