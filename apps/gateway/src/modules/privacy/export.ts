import type { Locale } from '@ess/contract'
import PDFDocument from 'pdfkit'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import { AppError } from '../../lib/app-error'
import { listSignedVersions } from '../agreement/queries'
import { getCertification } from '../certification/service'
import { getNotices, getPushSettings } from '../notices/service'
import { listBindings } from '../third-party/queries'
import { listSecurityEvents } from '../security/queries'
import { maskIp } from '../security/device'
import { getPersonalInfo } from '../user/service'
import { findUserById } from '../user/queries'
import { INFO_TYPES, SCENES } from './catalogue'
import { cjkFont } from './font'
import { allLedgerRows, signInsSince } from './queries'
import { maskDeviceId } from './service'

export interface ExportDeps {
  db: Database
  fieldCipher: FieldCipher
  now: () => Date
}

/**
 * Everything the account holds about the user (PIPL art. 45), read for this user only. Phone and
 * email are given in full (they are the user's own); the ID number and bank card stay masked as on
 * every screen (they rest encrypted; customer service hands them out after an identity check).
 */
export async function collectMyData(deps: ExportDeps, userId: string, locale: Locale) {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  const epoch = new Date(0)
  const [personal, certification, agreements, signIns, security, ledger, push, inbox, bindings] = await Promise.all([
    getPersonalInfo(deps, userId, locale),
    getCertification(deps, userId, locale),
    listSignedVersions(deps.db, userId),
    signInsSince(deps.db, userId, epoch, Number.POSITIVE_INFINITY),
    listSecurityEvents(deps.db, userId, epoch, 1000),
    allLedgerRows(deps.db, userId),
    getPushSettings(deps.db, userId),
    getNotices(deps.db, userId, locale),
    listBindings(deps.db, userId),
  ])
  return {
    exportedAt: deps.now().toISOString(),
    account: {
      userId,
      phone: user.phone ? `${user.phoneE164 ?? user.phone}` : null,
      email: user.email,
      username: user.username,
      gender: user.gender,
      birthdate: user.birthdate,
      address: user.address,
      postcode: user.postcode,
      hasPassword: user.hasPassword,
      createdAt: user.createdAt.toISOString(),
    },
    personalInfo: { ...personal, phone: user.phone ? (user.phoneE164 ?? user.phone) : null, email: user.email },
    certification,
    agreements: agreements.map((row) => ({ name: locale === 'en-US' ? row.nameEn : row.nameZh, version: row.version, signedAt: row.signedAt.toISOString() })),
    signIns: signIns.map((row) => ({ at: row.at.toISOString(), ip: maskIp(row.ip), deviceId: maskDeviceId(row.deviceId) })),
    securityEvents: security.map((row) => ({ type: row.type, at: row.at.toISOString(), ip: maskIp(row.ip), client: row.client })),
    collections: ledger.map((row) => ({
      type: row.type,
      typeName: INFO_TYPES[row.type].name[locale],
      scene: row.scene,
      sceneName: SCENES[row.scene][locale],
      at: row.at.toISOString(),
      value: row.masked,
      count: row.count,
    })),
    pushSettings: push,
    notices: inbox.notices,
    // The user's own nickname at the provider; the provider's id stays with the gateway.
    thirdPartyAccounts: bindings.map((row) => ({ provider: row.provider, nickname: row.nickname, boundAt: row.boundAt.toISOString() })),
  }
}

export type MyData = Awaited<ReturnType<typeof collectMyData>>

const LABELS = {
  'zh-CN': {
    title: '我的个人信息副本',
    exportedAt: '导出时间',
    account: '账号信息',
    personal: '个人资料',
    certification: '实名认证',
    agreements: '已同意的协议',
    signIns: '登录记录',
    collections: '个人信息收集记录',
    push: '推送设置',
    notices: '消息',
    thirdParty: '绑定的第三方账号',
    none: '无',
    on: '开启',
    off: '关闭',
    note: '本文件包含您账号的个人信息，请妥善保管。身份证号、银行卡号以脱敏形式展示。文中时间均为北京时间（UTC+8）。',
  },
  'en-US': {
    title: 'A copy of my personal data',
    exportedAt: 'Exported at',
    account: 'Account',
    personal: 'Personal info',
    certification: 'Real-name verification',
    agreements: 'Agreements signed',
    signIns: 'Sign-ins',
    collections: 'Personal information collected',
    push: 'Push settings',
    notices: 'Notices',
    thirdParty: 'Third-party accounts bound',
    none: 'None',
    on: 'On',
    off: 'Off',
    note: 'This file holds the personal data of your account; keep it safe. ID and bank-card numbers are shown masked. All times are China time (UTC+8).',
  },
} as const

/** China time (UTC+8), as the screens show it (portal core/display/time.ts); the note names the zone. */
const shown = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')

/** The readable copy: the same data laid out as a PDF with a CJK font. */
export function renderPdf(data: MyData, locale: Locale): Promise<Buffer> {
  const l = LABELS[locale]
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: l.title, Creator: 'ESS portal' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('cjk', cjkFont())
  doc.font('cjk')
  doc.fontSize(20).fillColor('#1d4ed8').text(l.title)
  doc.moveDown(0.3).fontSize(9).fillColor('#6b7280').text(`${l.exportedAt}: ${shown(data.exportedAt)}  ·  ${l.note}`)
  const section = (title: string) => doc.moveDown(0.8).fontSize(13).fillColor('#111827').text(title).moveDown(0.2).fontSize(10).fillColor('#374151')
  const pairs = (entries: Array<[string, unknown]>) => {
    for (const [key, value] of entries) doc.text(`${key}: ${value === null || value === undefined || value === '' ? '—' : String(value)}`)
  }
  const lines = (items: string[]) => (items.length ? items.forEach((item) => doc.text(`• ${item}`)) : doc.text(l.none))

  section(l.account)
  pairs(Object.entries(data.account))
  section(l.personal)
  pairs(Object.entries(data.personalInfo))
  section(l.certification)
  if (data.certification) pairs(Object.entries(data.certification))
  else doc.text(l.none)
  section(l.agreements)
  lines(data.agreements.map((row) => `${row.name} ${row.version} — ${shown(row.signedAt)}`))
  section(l.signIns)
  lines(data.signIns.map((row) => `${shown(row.at)}  ${row.ip}  ${row.deviceId}`))
  section(l.collections)
  lines(data.collections.map((row) => `${shown(row.at)}  ${row.typeName} · ${row.sceneName}${row.value ? `  ${row.value}` : ''}${row.count > 1 ? ` ×${row.count}` : ''}`))
  section(l.push)
  lines(data.pushSettings.map((row) => `${row.kind}: ${row.enabled ? l.on : l.off}`))
  section(l.notices)
  lines(data.notices.map((row) => `${shown(row.at)}  ${row.title}`))
  section(l.thirdParty)
  lines(data.thirdPartyAccounts.map((row) => `${row.provider}: ${row.nickname} — ${shown(row.boundAt)}`))
  doc.end()
  return done
}
