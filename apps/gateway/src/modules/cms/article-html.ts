import { type ArticleBlock, MEDIA_URL_PATTERN } from '@ess/contract'
import { DomUtils, parseDocument } from 'htmlparser2'
import sanitizeHtml from 'sanitize-html'

/**
 * The HTML an article body may keep (the rich-text editor's output, never trusted): headings,
 * paragraphs with inline emphasis, lists, line breaks and images the gateway serves itself. No
 * attributes but an image's address, size and alternative text; no links, styles, classes,
 * scripts, frames or event handlers. Whatever else comes is dropped with its content where it
 * could run (script, style, iframe…) and unwrapped (text kept) otherwise.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'img'],
  allowedAttributes: { img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !MEDIA_URL_PATTERN.test(frame.attribs.src ?? ''),
  transformTags: { h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3', div: 'p' },
}

/** The editor's HTML reduced to the allow-list. */
export const sanitizeArticleHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim()

const clean = (text: string) => text.replace(/\s+/g, ' ').trim()
const size = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 && n <= 4096 ? n : fallback
}

/**
 * Sanitised HTML as the portal's article blocks (it renders blocks with its own components, never
 * HTML): h2/h3 → heading, p → paragraph (an image in it becomes an image block), ul/ol → list.
 */
export function htmlToBlocks(sanitized: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = []
  const image = (el: { attribs: Record<string, string> }): ArticleBlock => ({
    type: 'image',
    image: { url: el.attribs.src, width: size(el.attribs.width, 690), height: size(el.attribs.height, 300) },
    caption: clean(el.attribs.alt ?? '') || null,
  })
  for (const node of parseDocument(sanitized).children) {
    if (node.type === 'text') {
      const text = clean(DomUtils.textContent(node))
      if (text) blocks.push({ type: 'paragraph', text })
      continue
    }
    if (node.type !== 'tag') continue
    if (node.name === 'h2' || node.name === 'h3') {
      const text = clean(DomUtils.textContent(node))
      if (text) blocks.push({ type: 'heading', text })
    } else if (node.name === 'ul' || node.name === 'ol') {
      const items = DomUtils.getElementsByTagName('li', node, true)
        .map((li) => clean(DomUtils.textContent(li)))
        .filter(Boolean)
      if (items.length) blocks.push({ type: 'list', items })
    } else if (node.name === 'img') {
      blocks.push(image(node))
    } else {
      const text = clean(DomUtils.textContent(node))
      if (text) blocks.push({ type: 'paragraph', text })
      for (const img of DomUtils.getElementsByTagName('img', node, true)) blocks.push(image(img))
    }
  }
  return blocks
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Blocks as the editor's HTML (an article published before the console existed opens with it). */
export function blocksToHtml(blocks: ArticleBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
          return `<h2>${escape(block.text)}</h2>`
        case 'paragraph':
          return `<p>${escape(block.text)}</p>`
        case 'list':
          return `<ul>${block.items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`
        case 'image':
          return `<p><img src="${escape(block.image.url)}" alt="${escape(block.caption ?? '')}" width="${block.image.width}" height="${block.image.height}"></p>`
      }
    })
    .join('')
}
