import { createHash } from 'node:crypto'
import { MEDIA_MAX_BYTES, MEDIA_MAX_SIDE, type Media } from '@ess/contract'
import { eq } from 'drizzle-orm'
import { Parser } from 'htmlparser2'
import { imageSize } from 'image-size'
import type { Database } from '../../db/client'
import { cmsMedia } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { sniffImageType } from '../user/avatar'

/** Upload types by what the bytes are, with the address's extension. */
const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' } as const
type MediaType = keyof typeof EXTENSIONS

/** Where an uploaded image is served: the SHA-256 of its bytes names it, so the address is immutable. */
export const uploadedMediaUrl = (sha256: string, extension: string) => `/app/media/cms/u/${sha256}.${extension}`

/**
 * The SVG elements and attributes an uploaded picture may use: shapes, paint, text, gradients and
 * clipping. Anything else (script, foreignObject, animation, use/image pointing elsewhere, event
 * handlers, style sheets that could fetch) refuses the file: it is refused rather than cleaned, so
 * what is served is byte for byte what the operator checked.
 */
const SVG_ELEMENTS = new Set([
  'svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'title', 'desc',
  'defs', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern', 'symbol', 'metadata',
])
const SVG_ATTRIBUTE = /^(?:xmlns(?::xlink)?|version|id|class|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|d|points|width|height|viewbox|preserveaspectratio|transform|fill|fill-opacity|fill-rule|stroke|stroke-width|stroke-linecap|stroke-linejoin|stroke-dasharray|stroke-dashoffset|stroke-miterlimit|stroke-opacity|opacity|clip-path|clip-rule|mask|font-family|font-size|font-weight|font-style|text-anchor|dominant-baseline|letter-spacing|offset|stop-color|stop-opacity|gradientunits|gradienttransform|patternunits|patterntransform|spreadmethod|fx|fy|style|role|aria-label|aria-hidden|xml:space)$/
/** A paint or style value may point inside the document (`url(#id)`) and nowhere else. */
const OUTSIDE_REFERENCE = /url\(\s*['"]?\s*(?!#)|@import|expression\(|javascript:/i

/** Why an SVG is refused, or undefined when it only draws. */
export function svgIssue(text: string): string | undefined {
  let issue: string | undefined
  let root: string | undefined
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (name.toLowerCase() !== '?xml') issue ??= `processing instruction ${name}`
      },
      onopentag(name, attributes) {
        const tag = name.toLowerCase()
        root ??= tag
        if (!SVG_ELEMENTS.has(tag)) issue ??= `element <${tag}>`
        for (const [attribute, value] of Object.entries(attributes)) {
          const a = attribute.toLowerCase()
          if (!SVG_ATTRIBUTE.test(a)) issue ??= `attribute ${a}`
          else if (OUTSIDE_REFERENCE.test(value)) issue ??= `reference in ${a}`
        }
      },
      oncdatastart() {
        issue ??= 'CDATA section'
      },
    },
    { xmlMode: true, recognizeCDATA: true },
  )
  parser.write(text)
  parser.end()
  // A DOCTYPE can declare entities (billion laughs, outside files).
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) issue ??= 'DOCTYPE'
  if (root !== 'svg') issue ??= 'not an SVG document'
  return issue
}

/** The type of the bytes themselves: a raster format by its signature, SVG by being an XML document whose root is svg. */
function sniff(bytes: Buffer): MediaType | undefined {
  const raster = sniffImageType(bytes)
  if (raster) return raster
  const head = bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart()
  // An XML prolog, comments and a DOCTYPE (refused later, but an SVG all the same) may come first.
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE\s+svg[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml'
  return undefined
}

/**
 * Checks an upload and keeps it: the type sniffed from the bytes (and equal to the declared one),
 * at most MEDIA_MAX_BYTES, each side at most MEDIA_MAX_SIDE pixels, an SVG only drawing. Stored
 * under the SHA-256 of its bytes: uploading the same picture again answers the same address.
 */
export async function storeMedia(db: Database, upload: { bytes: Buffer; declaredType: string | undefined; operatorId: string | null }, now: Date): Promise<Media> {
  const { bytes } = upload
  if (bytes.length > MEDIA_MAX_BYTES) throw new AppError('MEDIA_TOO_LARGE')
  const contentType = sniff(bytes)
  if (!contentType) throw new AppError('MEDIA_TYPE_INVALID')
  const declared = upload.declaredType?.split(';')[0].trim().toLowerCase()
  if (declared && declared !== 'application/octet-stream' && declared !== contentType) throw new AppError('MEDIA_TYPE_MISMATCH')
  if (contentType === 'image/svg+xml' && svgIssue(bytes.toString('utf8'))) throw new AppError('MEDIA_SVG_UNSAFE')
  let size: { width?: number; height?: number }
  try {
    size = imageSize(bytes)
  } catch (error) {
    throw new AppError('MEDIA_TYPE_INVALID', { cause: error })
  }
  const { width = 0, height = 0 } = size
  if (width < 1 || height < 1 || width > MEDIA_MAX_SIDE || height > MEDIA_MAX_SIDE) throw new AppError('MEDIA_DIMENSIONS')
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const extension = EXTENSIONS[contentType]
  await db
    .insert(cmsMedia)
    .values({ sha256, contentType, extension, width, height, bytes, createdAt: now, createdBy: upload.operatorId })
    .onConflictDoNothing()
  return { url: uploadedMediaUrl(sha256, extension), contentType, width, height, bytes: bytes.length }
}

export async function findMedia(db: Database, sha256: string) {
  const [row] = await db.select().from(cmsMedia).where(eq(cmsMedia.sha256, sha256))
  return row
}
