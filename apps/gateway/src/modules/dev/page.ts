import type { listOutboxMessages } from '../../infra/notifier/outbox'
import { escapeHtml, htmlDocument } from '../../lib/html'

type OutboxEntry = Awaited<ReturnType<typeof listOutboxMessages>>[number]

const STYLE = `
body{margin:0;background:#f5f6f8;color:#1d2129;font:14px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:8px 0}form{margin:8px 0 16px}input{padding:6px 8px;font:inherit;width:16rem}button{padding:6px 12px;font:inherit}
article{background:#fff;border-radius:8px;padding:12px 14px;margin:10px 0;box-shadow:0 1px 2px rgba(0,0,0,.06)}
header{display:flex;flex-wrap:wrap;gap:4px 14px;color:#4e5969;font-size:13px}
.code{font:600 24px/1.3 ui-monospace,Menlo,monospace;letter-spacing:4px;color:#1f6feb;margin:6px 0}
pre{white-space:pre-wrap;margin:6px 0 0;font:inherit;color:#1d2129}.empty{color:#86909c}
`

/** The outbox as a page a person can read their verification code from, newest first. */
export function outboxPage(entries: OutboxEntry[], to: string | undefined): string {
  const items = entries.map(
    (m) => `<article>
<header><strong>${escapeHtml(m.channel.toUpperCase())}</strong><span>${escapeHtml(m.to)}</span><span>${escapeHtml(m.template)} · ${escapeHtml(m.locale)}</span><span>${escapeHtml(m.transport)} · ${escapeHtml(m.state)}</span><time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></header>
${m.params.code ? `<div class="code">${escapeHtml(m.params.code)}</div>` : ''}${m.subject ? `<div><strong>${escapeHtml(m.subject)}</strong></div>` : ''}
<pre>${escapeHtml(m.body)}</pre>
</article>`,
  )
  return htmlDocument({
    lang: 'en',
    title: 'Outbox',
    style: STYLE,
    head: '\n<meta http-equiv="refresh" content="5">',
    body: `<main>
<h1>Outbox · 发件箱</h1>
<p>Messages the gateway sends by SMS or email, and how far each went (not in production). This page refreshes every 5 seconds.</p>
<form method="get"><input name="to" placeholder="phone or email" value="${escapeHtml(to ?? '')}"> <button>Filter</button></form>
${items.join('\n') || '<p class="empty">No messages yet.</p>'}
</main>`,
  })
}
