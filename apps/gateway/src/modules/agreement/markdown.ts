import { escapeHtml } from '../../lib/html'

/** Escapes the text, then turns `**bold**` into <strong>. */
const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')

type Block = { kind: 'heading'; level: number; text: string } | { kind: 'ul' | 'ol'; items: string[] } | { kind: 'p'; lines: string[] }

function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = []
  const last = () => blocks[blocks.length - 1]
  let open = false
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim()
    const heading = /^(#{1,3})\s+(.*)$/.exec(line)
    const item = /^(?:([-*])|\d+\.)\s+(.*)$/.exec(line)
    if (!line) {
      open = false
    } else if (heading) {
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2] })
      open = false
    } else if (item) {
      const kind = item[1] ? 'ul' : 'ol'
      const previous = last()
      if (open && previous?.kind === kind) previous.items.push(item[2])
      else blocks.push({ kind, items: [item[2]] })
      open = true
    } else {
      const previous = last()
      if (open && previous?.kind === 'p') previous.lines.push(line)
      else blocks.push({ kind: 'p', lines: [line] })
      open = true
    }
  }
  return blocks
}

/**
 * Renders the Markdown subset of the agreement texts (#, ##, ### headings, paragraphs, "-" and
 * "1." lists, **bold**) to HTML. Every character of the source is escaped first: no raw HTML passes.
 */
export function renderMarkdown(markdown: string): string {
  return parseBlocks(markdown)
    .map((block) => {
      if (block.kind === 'heading') return `<h${block.level}>${inline(block.text)}</h${block.level}>`
      if (block.kind === 'p') return `<p>${block.lines.map(inline).join('<br>')}</p>`
      return `<${block.kind}>${block.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${block.kind}>`
    })
    .join('\n')
}
