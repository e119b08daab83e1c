import { CAPTCHA_HEIGHT, CAPTCHA_PIECE_SIZE, CAPTCHA_WIDTH, type Captcha, type TrailPoint, calls } from '@ess/contract'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/helpers/app'
import { humanTrail, solvePuzzle } from '../../../test/helpers/captcha'
import { callApi, expectRefusal, payloadOf } from '../../../test/helpers/calls'
import { MINUTE, SECOND, testClock } from '../../../test/helpers/clock'
import { passCaptcha } from '../../../test/helpers/flows'
import { judgeTrail } from './trail'

const clock = testClock(new Date('2026-04-01T02:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now })
})
afterAll(() => t.close())

let devices = 0
const newDevice = () => `captcha-device-${String(++devices).padStart(8, '0')}`

const getCaptcha = async (deviceId: string) => payloadOf<Captcha>(await callApi(t.app, calls.getCaptcha, undefined, { deviceId }))
const check = (deviceId: string, captchaId: string, x: number, trail: TrailPoint[] = humanTrail(x), locale?: string) =>
  callApi(t.app, calls.checkCaptcha, { captchaId, x, trail }, { deviceId, locale })
const sendCodeWith = (deviceId: string, captchaToken: string) =>
  callApi(t.app, calls.sendPhoneCode, { phone: '13600000000', scene: 'login', captchaToken }, { deviceId })

const pngOf = (dataUrl: string) => {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/)
  return PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'))
}

describe('GET verify/getCaptcha', () => {
  it('draws a new picture with a cut-out and its piece for every puzzle', async () => {
    const device = newDevice()
    const [a, b] = [await getCaptcha(device), await getCaptcha(device)]
    expect(a).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, pieceWidth: CAPTCHA_PIECE_SIZE, pieceHeight: CAPTCHA_PIECE_SIZE, expiresIn: 120 })
    expect(a.captchaId).not.toBe(b.captchaId)
    expect(a.background).not.toBe(b.background)
    const background = pngOf(a.background)
    const piece = pngOf(a.piece)
    expect([background.width, background.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT])
    expect([piece.width, piece.height]).toEqual([CAPTCHA_PIECE_SIZE, CAPTCHA_PIECE_SIZE])
    // The piece is a shape, not its box: transparent corners, opaque middle.
    expect(piece.data[3]).toBe(0)
    expect(piece.data[(30 * CAPTCHA_PIECE_SIZE + 25) * 4 + 3]).toBe(255)
    expect(a.pieceY).toBeGreaterThanOrEqual(0)
    expect(a.pieceY).toBeLessThanOrEqual(CAPTCHA_HEIGHT - CAPTCHA_PIECE_SIZE)
  })

  it('refuses a client that asks for too many puzzles a minute', async () => {
    const device = newDevice()
    for (let i = 0; i < 20; i++) await getCaptcha(device)
    expectRefusal(await callApi(t.app, calls.getCaptcha, undefined, { deviceId: device }), 'TOO_MANY_REQUESTS', 429)
    clock.advance(MINUTE)
    await getCaptcha(device)
  })
})

describe('POST verify/checkCaptcha', () => {
  it('passes a drag to the cut-out, within ±5 px, and answers a single-use token', async () => {
    const device = newDevice()
    for (const miss of [-5, 0, 5]) {
      const captcha = await getCaptcha(device)
      const x = solvePuzzle(captcha) + miss
      expect(payloadOf(await check(device, captcha.captchaId, x))).toEqual({ captchaToken: expect.stringMatching(/^[\w-]{43}$/), expiresIn: 120 })
    }
  })

  it('refuses a drop 6 px away, and the puzzle is used up by that check', async () => {
    const device = newDevice()
    const captcha = await getCaptcha(device)
    const x = solvePuzzle(captcha)
    const body = expectRefusal(await check(device, captcha.captchaId, x + 6, undefined, 'en-US'), 'IMAGE_CAPTCHA_FAILED', 400)
    expect(body.msg).toBe('Image captcha failed')
    expectRefusal(await check(device, captcha.captchaId, x), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it('refuses a puzzle checked twice, even when the first check passed', async () => {
    const device = newDevice()
    const captcha = await getCaptcha(device)
    const x = solvePuzzle(captcha)
    payloadOf(await check(device, captcha.captchaId, x))
    expectRefusal(await check(device, captcha.captchaId, x), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it('refuses a puzzle after 2 minutes, and one asked for by another device', async () => {
    const device = newDevice()
    const late = await getCaptcha(device)
    clock.advance(120 * SECOND)
    expectRefusal(await check(device, late.captchaId, solvePuzzle(late)), 'IMAGE_CAPTCHA_FAILED', 400)
    const stolen = await getCaptcha(device)
    expectRefusal(await check(newDevice(), stolen.captchaId, solvePuzzle(stolen)), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  const linear = (x: number, ms: number, points: number) =>
    Array.from({ length: points }, (_, i) => ({ x: (x * i) / (points - 1), y: 0, t: Math.round((ms * i) / (points - 1)) }))

  it.each([
    ['an instant slide', (x: number) => humanTrail(x, 100)],
    ['too few points', (x: number) => humanTrail(x, 700, 5)],
    ['a straight constant-speed slide', (x: number) => linear(x, 800, 30)],
    ['a jump', (x: number) => [...humanTrail(10, 600, 20), { x, y: 0, t: 650 }]],
    ['a trail ending elsewhere', (x: number) => humanTrail(x + 30)],
  ])('refuses %s at the right position', async (_, trail) => {
    const device = newDevice()
    const captcha = await getCaptcha(device)
    const x = solvePuzzle(captcha)
    expectRefusal(await check(device, captcha.captchaId, x, trail(x)), 'IMAGE_CAPTCHA_FAILED', 400)
  })

  it('locks a client out after 5 failures for 10 minutes, in its language; other clients go on', async () => {
    const device = newDevice()
    for (let i = 0; i < 5; i++) {
      const captcha = await getCaptcha(device)
      expectRefusal(await check(device, captcha.captchaId, solvePuzzle(captcha) + 20), 'IMAGE_CAPTCHA_FAILED', 400)
    }
    const locked = expectRefusal(await callApi(t.app, calls.getCaptcha, undefined, { deviceId: device, locale: 'en-US' }), 'TOO_MANY_REQUESTS', 429)
    expect(locked.msg).toBe('Too many requests, please try again later')
    expectRefusal(await check(device, 'any', 100), 'TOO_MANY_REQUESTS', 429)
    await passCaptcha(t.app, newDevice())
    clock.advance(10 * MINUTE)
    await passCaptcha(t.app, device)
  })
})

describe('captcha failures after a pass', () => {
  it('are forgotten: a client that passed starts counting again', async () => {
    const device = newDevice()
    const miss = async () => {
      const captcha = await getCaptcha(device)
      expectRefusal(await check(device, captcha.captchaId, solvePuzzle(captcha) + 20), 'IMAGE_CAPTCHA_FAILED', 400)
    }
    for (let i = 0; i < 4; i++) await miss()
    await passCaptcha(t.app, device)
    for (let i = 0; i < 4; i++) await miss()
    await passCaptcha(t.app, device)
  })
})

describe('captcha tokens', () => {
  it('are good for one use, by the device that solved the puzzle, for 2 minutes', async () => {
    const device = newDevice()
    const token = await passCaptcha(t.app, device)
    payloadOf(await sendCodeWith(device, token))
    clock.advance(MINUTE)
    expectRefusal(await sendCodeWith(device, token), 'IMAGE_CAPTCHA_FAILED', 400)

    const other = await passCaptcha(t.app, device)
    expectRefusal(await sendCodeWith(newDevice(), other), 'IMAGE_CAPTCHA_FAILED', 400)

    const late = await passCaptcha(t.app, device)
    clock.advance(120 * SECOND)
    expectRefusal(await sendCodeWith(device, late), 'IMAGE_CAPTCHA_FAILED', 400)
    expectRefusal(await sendCodeWith(device, 'made-up-token'), 'IMAGE_CAPTCHA_FAILED', 400)
  })
})

describe('trail judgement', () => {
  it('accepts human drags of several speeds and lengths', () => {
    for (const [x, ms, points] of [[80, 400, 12], [200, 1500, 60], [250, 3000, 200]]) {
      expect(judgeTrail(humanTrail(x, ms, points), x)).toEqual({ human: true })
    }
  })
  it('says why it refuses', () => {
    expect(judgeTrail(humanTrail(100, 700).reverse(), 100)).toEqual({ human: false, reason: 'time goes back' })
    expect(judgeTrail(humanTrail(100, 100), 100)).toMatchObject({ reason: 'too fast' })
    const still = Array.from({ length: 10 }, (_, i) => ({ x: 100, y: 0, t: i * 50 }))
    expect(judgeTrail(still, 100)).toMatchObject({ human: false })
  })
  it('accepts the keyboard way of the portal (docs/accessibility.md): a held arrow key speeding up, then a correcting press', () => {
    // components/slider-captcha: a press moves 1 px, each auto-repeat (every 33 ms after 500 ms) one more, up to 9.
    const trail: TrailPoint[] = [{ x: 0, y: 0, t: 0 }, { x: 1, y: 0, t: 0 }]
    let x = 1
    let t = 500
    for (let held = 1; held <= 20; held++) {
      x += 1 + Math.min(held, 8)
      t += 33
      trail.push({ x, y: 0, t })
    }
    trail.push({ x: x - 1, y: 0, t: t + 700 })
    expect(judgeTrail(trail, x - 1)).toEqual({ human: true })
    // The piece put at the gap in one step is still refused.
    expect(judgeTrail([...trail.slice(0, 8), { x: 200, y: 0, t: t + 900 }], 200)).toMatchObject({ reason: 'jump' })
  })
})
