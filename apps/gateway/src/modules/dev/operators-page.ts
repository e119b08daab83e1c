import { escapeHtml, htmlDocument } from '../../lib/html'

export interface DevOperatorView {
  role: string
  email: string
  password: string
  totpSecret: string
  code: string
}

const STYLE = `
body{margin:0;background:#f5f6f8;color:#1d2129;font:14px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:1040px;margin:0 auto;padding:16px}h1{font-size:20px;margin:8px 0}
table{border-collapse:collapse;width:100%;background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e5e6eb;vertical-align:top}
code{font:13px ui-monospace,Menlo,monospace;word-break:break-all}.code{font:600 20px/1.2 ui-monospace,Menlo,monospace;letter-spacing:3px;color:#1f6feb}
`

/** The demo operators with their passwords, TOTP secrets and the current code (development only). */
export function operatorsPage(operators: DevOperatorView[], consoleUrl: string): string {
  const rows = operators.map(
    (o) => `<tr><td>${escapeHtml(o.role)}</td><td><code>${escapeHtml(o.email)}</code></td><td><code>${escapeHtml(o.password)}</code></td><td><code>${escapeHtml(o.totpSecret)}</code></td><td class="code">${escapeHtml(o.code)}</td></tr>`,
  )
  return htmlDocument({
    lang: 'en',
    title: 'Demo operators',
    style: STYLE,
    head: '\n<meta http-equiv="refresh" content="10">',
    body: `<main>
<h1>Demo operators · 演示运营人员</h1>
<p>One operator per role for the console at <a href="${escapeHtml(consoleUrl)}">${escapeHtml(consoleUrl)}</a> (not in production). Passwords and TOTP secrets were generated at the first start and are kept in the data folder. The code changes every 30 seconds; each code signs in once. This page refreshes every 10 seconds.</p>
<table><thead><tr><th scope="col">Role</th><th scope="col">Email</th><th scope="col">Password</th><th scope="col">TOTP secret</th><th scope="col">Current code</th></tr></thead>
<tbody>${rows.join('\n') || '<tr><td colspan="5">No demo operators: they are seeded when the gateway runs in development (npm start).</td></tr>'}</tbody></table>
</main>`,
  })
}
