import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'

/**
 * WOFF 1.0 → the TrueType/OpenType file it wraps: each table inflated, the table directory
 * rewritten. pdfkit's fontkit reads WOFF too, but inflates tables again on every text layout
 * (about 2 s a line for a CJK font); from the plain file a page of text takes well under a second.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file')
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20
    const offset = woff.readUInt32BE(at + 4)
    const compLength = woff.readUInt32BE(at + 8)
    const origLength = woff.readUInt32BE(at + 12)
    const raw = woff.subarray(offset, offset + compLength)
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? zlib.inflateSync(raw) : raw }
  })
  let searchRange = 1
  let entrySelector = 0
  while (searchRange * 2 <= numTables) {
    searchRange *= 2
    entrySelector++
  }
  const header = Buffer.alloc(12 + 16 * numTables)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(searchRange * 16, 6)
  header.writeUInt16BE(entrySelector, 8)
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10)
  const parts: Buffer[] = [header]
  let offset = header.length
  tables.forEach((table, i) => {
    const at = 12 + i * 16
    header.writeUInt32BE(table.tag, at)
    header.writeUInt32BE(table.checksum, at + 4)
    header.writeUInt32BE(offset, at + 8)
    header.writeUInt32BE(table.data.length, at + 12)
    const pad = (4 - (table.data.length % 4)) % 4
    parts.push(table.data, Buffer.alloc(pad))
    offset += table.data.length + pad
  })
  return Buffer.concat(parts)
}

const require = createRequire(import.meta.url)
let font: Buffer | undefined

/**
 * Noto Sans SC from the npm registry (@fontsource/noto-sans-sc, SIL Open Font License 1.1): its
 * "chinese-simplified" file covers simplified Chinese, Latin, digits and CJK punctuation. Read and
 * unwrapped once (2.5 MB in memory), at the first PDF.
 */
export function cjkFont(): Buffer {
  font ??= woffToSfnt(readFileSync(require.resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff')))
  return font
}
