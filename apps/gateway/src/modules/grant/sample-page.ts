import type { Locale } from '@ess/contract'
import { escapeHtml, htmlDocument } from '../../lib/html'
import type { RedeemedIdentity } from './service'

export type Exchanged = { ok: true; identity: RedeemedIdentity } | { ok: false; message?: string }

const T = {
  'zh-CN': {
    title: '示例服务商页面',
    banner: '这是网关自带的示例页面，代替服务商的旧版用户中心（loginByCodeAndRedirect），用于演示一次性授权码的兑换。',
    signedIn: '已通过一次性授权码登录',
    failed: '授权码无效、已使用或已过期',
    user: '用户',
    phone: '手机号',
    name: '姓名',
    company: '企业',
    employeeNo: '员工编号',
    certified: '实名认证',
    yes: '已认证',
    no: '未认证',
    service: '请求的服务',
    page: '目标页面',
    source: '来源',
    redirectRefused: '已拒绝（不是本系统的页面）：',
  },
  'en-US': {
    title: 'Sample provider page',
    banner: "This is the gateway's sample page, standing in for the provider's older user center (loginByCodeAndRedirect) to show a one-time code being redeemed.",
    signedIn: 'Signed in with a one-time code',
    failed: 'The one-time code is invalid, used or expired',
    user: 'User',
    phone: 'Phone',
    name: 'Name',
    company: 'Employer',
    employeeNo: 'Employee no.',
    certified: 'Real-name verified',
    yes: 'Yes',
    no: 'No',
    service: 'Service asked for',
    page: 'Page',
    source: 'Source',
    redirectRefused: 'Refused (not a page of this system): ',
  },
} as const

const STYLE = `body{margin:0;font:15px/1.6 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f4f6f9;color:#1d2129}
.banner{background:#fff7e8;color:#ad4e00;padding:12px 16px;font-size:13px}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:8px 0 16px}.card{background:#fff;border-radius:12px;padding:4px 16px}
.row{display:flex;justify-content:space-between;padding:12px 0;border-bottom:1px solid #edf0f3}.row:last-child{border:0}
.k{color:#86909c}.ok{color:#00b42a}.bad{color:#f53f3f}`

/**
 * `redirect` as the page takes it: a page of this system (contract allowedRedirect against its own
 * origin) shown as its path; anything else refused, and shown so.
 */
export type AskedRedirect = { allowed: string } | { refused: string } | null

export function samplePage(lang: Locale, result: Exchanged, asked: { redirect: AskedRedirect; source: string | null; openId: string | null }): string {
  const t = T[lang]
  const row = (k: string, v: string | null, id: string) => `<div class="row" data-testid="${id}"><span class="k">${escapeHtml(k)}</span><span>${escapeHtml(v ?? '—')}</span></div>`
  const body = result.ok
    ? `<h1 class="ok" data-testid="sample-signed-in">${escapeHtml(t.signedIn)}</h1><div class="card">${[
        row(t.user, result.identity.userId, 'sample-user'),
        row(t.phone, result.identity.phone, 'sample-phone'),
        row(t.name, result.identity.name, 'sample-name'),
        row(t.company, result.identity.companyName, 'sample-company'),
        row(t.employeeNo, result.identity.employeeNo, 'sample-employee-no'),
        row(t.certified, result.identity.certified ? t.yes : t.no, 'sample-certified'),
        row(t.service, result.identity.dest, 'sample-dest'),
        row(t.page, asked.redirect && ('allowed' in asked.redirect ? asked.redirect.allowed : `${t.redirectRefused}${asked.redirect.refused}`), 'sample-redirect'),
        row(t.source, asked.source, 'sample-source'),
      ].join('')}</div>`
    : `<h1 class="bad" data-testid="sample-failed">${escapeHtml(t.failed)}</h1>`
  return htmlDocument({ lang, title: t.title, style: STYLE, body: `<div class="banner" data-testid="sample-banner">${escapeHtml(t.title)} · ${escapeHtml(t.banner)}</div><main>${body}</main>` })
}
