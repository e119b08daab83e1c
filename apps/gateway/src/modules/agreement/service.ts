import { AGREEMENT_CODES, type AgreementCode, type AgreementType, type AppAgreement, type Locale } from '@ess/contract'
import type { Database } from '../../db/client'
import { renderMarkdown } from './markdown'
import { agreementNotFoundPage, agreementPage } from './page'
import { findVersion, insertVersionIfAbsent, listCurrentVersions, upsertAgreement } from './queries'
import { AGREEMENT_SEEDS } from './texts'
import type { AgreementSeed } from './texts/types'

const isAgreementCode = (code: string): code is AgreementCode => (AGREEMENT_CODES as readonly string[]).includes(code)

const pick = <T>(locale: Locale, zh: T, en: T) => (locale === 'en-US' ? en : zh)

/** Where the readable page of a version is served, in a language. */
export function agreementUrl(code: string, version: string, locale: Locale): string {
  return `/app/agreements/${encodeURIComponent(code)}/${encodeURIComponent(version)}?lang=${locale}`
}

/** The current version of each agreement of a set, names in the caller's language. */
export async function getAppAgreements(db: Database, type: AgreementType, locale: Locale, now = new Date()): Promise<AppAgreement[]> {
  const rows = await listCurrentVersions(db, type, now)
  return rows.map((row) => ({
    agreementId: String(row.id),
    agreementCode: row.code,
    agreementName: pick(locale, row.nameZh, row.nameEn),
    agreementUrl: agreementUrl(row.code, row.version, locale),
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    required: row.required,
  }))
}

/** The page of a published version, or the not-found page. */
export async function renderAgreement(
  db: Database,
  { code, version, locale, servicePhone }: { code: string; version: string; locale: Locale; servicePhone: string },
  now = new Date(),
): Promise<{ found: boolean; html: string }> {
  const row = isAgreementCode(code) ? await findVersion(db, code, version, now) : undefined
  if (!row) return { found: false, html: agreementNotFoundPage(locale) }
  const body = pick(locale, row.bodyZh, row.bodyEn).replaceAll('{{servicePhone}}', servicePhone)
  return { found: true, html: agreementPage(locale, pick(locale, row.nameZh, row.nameEn), renderMarkdown(body)) }
}

const sameText = (
  stored: { publishedAt: Date; required: boolean; nameZh: string; nameEn: string; bodyZh: string; bodyEn: string },
  seed: AgreementSeed,
) =>
  stored.publishedAt.getTime() === new Date(seed.publishedAt).getTime() &&
  stored.required === seed.required &&
  stored.nameZh === seed.name['zh-CN'] &&
  stored.nameEn === seed.name['en-US'] &&
  stored.bodyZh === seed.body['zh-CN'] &&
  stored.bodyEn === seed.body['en-US']

/**
 * Seeds the agreements and their published versions; returns how many rows were written. A
 * published version is never rewritten (users sign versions): a seed that changed the text of an
 * existing version stops the start, asking for a new version instead.
 */
export async function seedAgreements(db: Database, seeds: AgreementSeed[] = AGREEMENT_SEEDS): Promise<number> {
  let written = 0
  for (const seed of seeds) {
    const agreement = await upsertAgreement(db, { code: seed.code, setType: seed.setType, sortOrder: seed.sortOrder })
    const version = await insertVersionIfAbsent(db, {
      agreementId: agreement.id,
      version: seed.version,
      publishedAt: new Date(seed.publishedAt),
      required: seed.required,
      nameZh: seed.name['zh-CN'],
      nameEn: seed.name['en-US'],
      bodyZh: seed.body['zh-CN'],
      bodyEn: seed.body['en-US'],
    })
    if (!version.inserted && !sameText(version.stored, seed)) {
      throw new Error(
        `Agreement "${seed.code}" version ${seed.version} is already published with another text: publish the change as a new version`,
      )
    }
    written += Number(agreement.written) + Number(version.inserted)
  }
  return written
}
