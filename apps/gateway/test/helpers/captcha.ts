import type { Captcha, TrailPoint } from '@ess/contract'
import { PNG } from 'pngjs'

/**
 * Solves a slider puzzle from its pictures alone, as a person does by eye: the piece's outline is
 * looked for along the piece's row of the background, where the hole is drawn darker than the
 * picture with a light rim. (The tests and the login benchmark solve puzzles this way, through the
 * real calls; nothing reads the gateway's store.)
 */
export function solvePuzzle(captcha: Pick<Captcha, 'background' | 'piece' | 'pieceY'>): number {
  const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
  const background = decode(captcha.background)
  const piece = decode(captcha.piece)
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < piece.width && y < piece.height && piece.data[(y * piece.width + x) * 4 + 3] > 128
  const rim: Array<[number, number]> = []
  const core: Array<[number, number]> = []
  for (let y = 0; y < piece.height; y++) {
    for (let x = 0; x < piece.width; x++) {
      if (!inside(x, y)) continue
      const edge = !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1)
      ;(edge ? rim : core).push([x, y])
    }
  }
  const luminance = (x: number, y: number) => {
    const i = ((captcha.pieceY + y) * background.width + x) * 4
    return 0.299 * background.data[i] + 0.587 * background.data[i + 1] + 0.114 * background.data[i + 2]
  }
  const mean = (points: Array<[number, number]>, offset: number) =>
    points.reduce((sum, [x, y]) => sum + luminance(offset + x, y), 0) / points.length
  let best = 0
  let bestScore = -Infinity
  for (let offset = 0; offset + piece.width <= background.width; offset++) {
    const score = mean(rim, offset) - mean(core, offset)
    if (score > bestScore) [best, bestScore] = [offset, score]
  }
  return best
}

/** A person's drag to `x`: starts slowly, speeds up, slows down at the end, wobbles a little. */
export function humanTrail(x: number, durationMs = 700, points = 30): TrailPoint[] {
  return Array.from({ length: points }, (_, i) => {
    const p = i / (points - 1)
    const eased = p < 0.5 ? 4 * p ** 3 : 1 - (-2 * p + 2) ** 3 / 2
    return { x: Math.round(x * eased * 10) / 10, y: Math.round(Math.sin(i / 3) * 15) / 10, t: Math.round(durationMs * p) }
  })
}
