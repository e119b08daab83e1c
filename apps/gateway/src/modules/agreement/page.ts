import type { Locale } from '@ess/contract'
import { escapeHtml, htmlDocument } from '../../lib/html'

const STYLE = `
:root{color-scheme:light;--brand:#1f6feb}
body{margin:0;background:#f5f6f8;color:#1d2129;font:15px/1.75 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%}
main{box-sizing:border-box;max-width:760px;margin:0 auto;padding:20px 18px 40px;background:#fff;min-height:100vh;overflow-wrap:anywhere}
nav{text-align:right;font-size:13px}nav a{color:var(--brand);text-decoration:none;margin-left:12px}nav a[aria-current]{color:#646e7a}
h1{font-size:22px;line-height:1.4;margin:12px 0 8px}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:18px 0 6px}
p,li{margin:8px 0}ul,ol{padding-left:1.4em}strong{color:#000}
`

const LABELS: Record<Locale, { switchTo: string; notFound: string; notFoundHint: string }> = {
  'zh-CN': { switchTo: '语言', notFound: '协议不存在', notFoundHint: '您访问的协议或版本不存在，请返回后重试。' },
  'en-US': { switchTo: 'Language', notFound: 'Agreement not found', notFoundHint: 'This agreement or version does not exist. Go back and try again.' },
}

const languageNav = (locale: Locale) =>
  `<nav aria-label="${LABELS[locale].switchTo}">${(
    [
      ['zh-CN', '中文'],
      ['en-US', 'English'],
    ] as const
  )
    .map(([lang, label]) => `<a href="?lang=${lang}" lang="${lang}"${lang === locale ? ' aria-current="page"' : ''}>${label}</a>`)
    .join('')}</nav>`

/** The readable page of an agreement version; `bodyHtml` is already escaped HTML. */
export function agreementPage(locale: Locale, title: string, bodyHtml: string): string {
  return htmlDocument({ lang: locale, title, style: STYLE, body: `<main>${languageNav(locale)}\n${bodyHtml}\n</main>` })
}

export function agreementNotFoundPage(locale: Locale): string {
  const text = LABELS[locale]
  return htmlDocument({
    lang: locale,
    title: text.notFound,
    style: STYLE,
    body: `<main>${languageNav(locale)}<h1>${escapeHtml(text.notFound)}</h1><p>${escapeHtml(text.notFoundHint)}</p></main>`,
  })
}
