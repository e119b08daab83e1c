import { randomInt } from 'node:crypto'
import { Resvg } from '@resvg/resvg-js'
import { CAPTCHA_HEIGHT as HEIGHT, CAPTCHA_PIECE_SIZE as PIECE, CAPTCHA_WIDTH as WIDTH } from '@ess/contract'

/**
 * The slider puzzle's pictures, drawn as SVG and rasterised with resvg: a random scene (a
 * two-colour gradient, translucent shapes, curves and scattered specks), the
 * same scene with a jigsaw-shaped hole darkened and outlined at (x, y), and the piece cut from the
 * scene at (x, y). Nothing is reused between puzzles.
 */
export interface PuzzleImages {
  x: number
  y: number
  background: Buffer
  piece: Buffer
}

/** Jigsaw piece in a PIECE × PIECE box: a 42 px square with a knob on top and one on the right. */
const PIECE_PATH = 'M4 14H17A8 8 0 1 1 33 14H46V27A8 8 0 1 1 46 43V56H4Z'

/** The piece starts at x = 0: the hole is always well to the right of it, and inside the picture. */
export const HOLE_X_RANGE = [PIECE + 10, WIDTH - PIECE - 4] as const
export const HOLE_Y_RANGE = [4, HEIGHT - PIECE - 4] as const

const between = (min: number, max: number) => randomInt(min, max + 1)
const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue % 360} ${saturation}% ${lightness}%)`

function shape(index: number): string {
  const fill = hsl(between(0, 359), between(45, 85), between(35, 75))
  const opacity = (between(35, 75) / 100).toFixed(2)
  const cx = between(0, WIDTH)
  const cy = between(0, HEIGHT)
  switch (index % 3) {
    case 0:
      return `<circle cx="${cx}" cy="${cy}" r="${between(12, 48)}" fill="${fill}" fill-opacity="${opacity}"/>`
    case 1:
      return `<rect x="${cx - 30}" y="${cy - 20}" width="${between(24, 80)}" height="${between(16, 60)}" rx="${between(0, 10)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${between(0, 89)} ${cx} ${cy})"/>`
    default: {
      const points = Array.from({ length: 3 }, () => `${cx + between(-45, 45)},${cy + between(-35, 35)}`).join(' ')
      return `<polygon points="${points}" fill="${fill}" fill-opacity="${opacity}"/>`
    }
  }
}

/** Scattered light and dark specks: noise that keeps the PNG small. */
function specks(): string {
  return Array.from(
    { length: between(50, 80) },
    () =>
      `<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="${between(1, 3) / 2}" fill="${between(0, 1) ? '#fff' : '#000'}" fill-opacity="0.${between(2, 5)}"/>`,
  ).join('')
}

function scene(): string {
  const hue = between(0, 359)
  const lines = Array.from(
    { length: between(3, 6) },
    () =>
      `<path d="M${between(0, WIDTH)} ${between(0, HEIGHT)}Q${between(0, WIDTH)} ${between(0, HEIGHT)} ${between(0, WIDTH)} ${between(0, HEIGHT)}" stroke="${hsl(between(0, 359), 70, 85)}" stroke-opacity="0.6" stroke-width="${between(1, 3)}" fill="none"/>`,
  ).join('')
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="1" y2="${(between(0, 100) / 100).toFixed(2)}">
<stop offset="0" stop-color="${hsl(hue, between(50, 80), between(45, 65))}"/>
<stop offset="1" stop-color="${hsl(hue + between(60, 180), between(50, 80), between(35, 60))}"/>
</linearGradient>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
${Array.from({ length: between(9, 14) }, (_, i) => shape(i + between(0, 2))).join('')}
${lines}
${specks()}`
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`

const rasterise = (markup: string) =>
  new Resvg(markup, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, shapeRendering: 2 }).render().asPng()

export function drawPuzzle(): PuzzleImages {
  const x = between(...HOLE_X_RANGE)
  const y = between(...HOLE_Y_RANGE)
  const art = scene()
  const background = svg(
    WIDTH,
    HEIGHT,
    `${art}<path d="${PIECE_PATH}" transform="translate(${x} ${y})" fill="#000" fill-opacity="0.55" stroke="#fff" stroke-opacity="0.9" stroke-width="1.5"/>`,
  )
  const piece = svg(
    PIECE,
    PIECE,
    `<clipPath id="cut"><path d="${PIECE_PATH}"/></clipPath><g clip-path="url(#cut)"><g transform="translate(${-x} ${-y})">${art}</g></g><path d="${PIECE_PATH}" fill="none" stroke="#fff" stroke-width="2"/>`,
  )
  return { x, y, background: rasterise(background), piece: rasterise(piece) }
}
