const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c])

/** Pages rendered by the gateway load nothing and run no script. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'"

/**
 * The headers of a page the portal shows inside its own web view (an agreement: an iframe of the
 * portal's page on the web): framed by the gateway's own pages only, by no other site's.
 */
export const EMBEDDABLE_PAGE_HEADERS = {
  'content-security-policy': `${PAGE_CSP}; frame-ancestors 'self'`,
  'x-frame-options': 'SAMEORIGIN',
} as const

interface Document {
  lang: string
  title: string
  style: string
  /** Safe HTML. */
  body: string
  /** Extra safe HTML for the head. */
  head?: string
}

/** A small mobile-friendly HTML document; `title` is escaped, `body` and `head` must already be safe HTML. */
export function htmlDocument({ lang, title, style, body, head = '' }: Document): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">${head}
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`
}
