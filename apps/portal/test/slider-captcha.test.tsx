import { CAPTCHA_HEIGHT, CAPTCHA_PIECE_SIZE, CAPTCHA_WIDTH, meetsCaptchaWork } from '@ess/contract/wire'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SliderCaptcha } from '../src/components/slider-captcha'
import { localeStore } from '../src/i18n/store'
import { fail, installTestPlatform, ok } from './helpers'

const PUZZLE = (id: string) => ({
  captchaId: id,
  background: 'data:image/png;base64,AAAA',
  piece: 'data:image/png;base64,BBBB',
  width: CAPTCHA_WIDTH,
  height: CAPTCHA_HEIGHT,
  pieceWidth: CAPTCHA_PIECE_SIZE,
  pieceHeight: CAPTCHA_PIECE_SIZE,
  pieceY: 40,
  expiresIn: 120,
})

// Outside a Taro page the selector query has nothing to measure: the drawn width is 280 px.
beforeEach(() => {
  const query = {
    select: () => query,
    boundingClientRect: (cb: (r: { width: number }) => void) => {
      cb({ width: 280 })
      return query
    },
    exec: () => undefined,
  }
  vi.spyOn(Taro, 'createSelectorQuery').mockReturnValue(query as never)
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function drag(handle: HTMLElement, to: number) {
  let t = 0
  vi.spyOn(Date, 'now').mockImplementation(() => t)
  fireEvent.touchStart(handle, { touches: [{ clientX: 10, clientY: 300 }] })
  for (let i = 1; i <= 10; i++) {
    t += 20 + (i % 3) * 15
    fireEvent.touchMove(handle, { touches: [{ clientX: 10 + (to * i) / 10, clientY: 300 + (i % 2) }] })
  }
  t += 40
  fireEvent.touchEnd(handle, { changedTouches: [{ clientX: 10 + to, clientY: 300 }] })
  vi.mocked(Date.now).mockRestore()
}

describe('slider puzzle', () => {
  it('draws the puzzle, records the drag and hands over the token of a pass', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    localeStore.setState({ locale: 'en-US' })
    server.reply(ok(PUZZLE('p1')), ok({ captchaToken: 'tok-1', expiresIn: 120 }))
    const onPass = vi.fn()
    render(<SliderCaptcha onPass={onPass} resultDelayMs={0} />)
    await act(async () => undefined)
    await act(async () => new Promise((r) => setTimeout(r, 5)))
    const handle = screen.getByRole('slider', { name: 'Drag the slider to complete the puzzle' })
    expect(screen.getByText('Slide to complete the puzzle')).toBeTruthy()
    await act(async () => drag(handle, 100))
    await act(async () => new Promise((r) => setTimeout(r, 5)))
    const check = JSON.parse(server.requests[1].body!)
    expect(check.captchaId).toBe('p1')
    expect(check.trail.length).toBeGreaterThanOrEqual(10)
    expect(check.trail[0]).toEqual({ x: 0, y: 0, t: 0 })
    expect(check.trail.at(-1).x).toBeCloseTo(check.x, 1)
    // 100 px on a 280 px wide drawing of the 320 px puzzle
    expect(check.x).toBeCloseTo((100 * 320) / 280, 1)
    expect(onPass).toHaveBeenCalledWith('tok-1')
  })

  it('shows a failure in the user language and loads a new puzzle', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    server.reply(ok(PUZZLE('p1')), fail(100507, { errorMsg: '图形验证失败' }), ok(PUZZLE('p2')))
    const onPass = vi.fn()
    render(<SliderCaptcha onPass={onPass} resultDelayMs={30} />)
    await act(async () => undefined)
    await act(async () => drag(screen.getByRole('slider'), 60))
    expect(screen.getByTestId('captcha-result').textContent).toBe('验证失败，请重试')
    await act(async () => new Promise((r) => setTimeout(r, 60)))
    expect(server.requests.map((r) => r.url.split('/').pop())).toEqual(['getCaptcha', 'checkCaptcha', 'getCaptcha'])
    expect(screen.getByTestId('slider-captcha').dataset.status).toBe('idle')
    expect(onPass).not.toHaveBeenCalled()
  })

  it('is solved from the keyboard: arrow keys move the piece (faster while held), Enter drops it', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    localeStore.setState({ locale: 'en-US' })
    server.reply(ok(PUZZLE('p1')), ok({ captchaToken: 'tok-k', expiresIn: 120 }))
    const onPass = vi.fn()
    render(<SliderCaptcha onPass={onPass} resultDelayMs={0} />)
    await act(async () => undefined)
    const handle = screen.getByRole('slider')
    expect(handle.getAttribute('tabindex')).toBe('0')
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Or use the arrow keys to move the piece into the gap, then press Enter',
    )
    let t = 0
    vi.spyOn(Date, 'now').mockImplementation(() => t)
    // A press, then the key held (auto-repeat every 33 ms: the steps grow), one press back.
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    for (let i = 0; i < 12; i++) {
      t += 33
      fireEvent.keyDown(handle, { key: 'ArrowRight', repeat: true })
    }
    t += 400
    fireEvent.keyDown(handle, { key: 'ArrowLeft' })
    expect(screen.getByTestId('slider-captcha').dataset.status).toBe('dragging')
    // 1, then held steps of 2, 3 … 9 and 9 four more times (81), one back: 80 background pixels.
    expect(handle.getAttribute('aria-valuenow')).toBe('80')
    t += 300
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'Enter' })
    })
    vi.mocked(Date.now).mockRestore()
    await act(async () => new Promise((r) => setTimeout(r, 5)))
    const check = JSON.parse(server.requests[1].body!)
    expect(check.x).toBe(80)
    expect(check.trail[0]).toEqual({ x: 0, y: 0, t: 0 })
    expect(check.trail.at(-1)).toEqual({ x: 80, y: 0, t: 33 * 12 + 400 })
    expect(check.trail.length).toBe(15)
    expect(onPass).toHaveBeenCalledWith('tok-k')
  })

  it('offers a way without the picture: the device does the proof of work, the status is read out, the same token comes back', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    localeStore.setState({ locale: 'en-US' })
    server.reply(
      ok(PUZZLE('p1')),
      ok({ challengeId: 'w1', challenge: 'abc', bits: 6, expiresIn: 120 }),
      ok({ captchaToken: 'tok-w', expiresIn: 120 }),
    )
    const onPass = vi.fn()
    render(<SliderCaptcha onPass={onPass} resultDelayMs={0} />)
    await act(async () => undefined)
    const other = screen.getByRole('button', { name: "Can't see the picture? Verify another way" })
    await act(async () => {
      fireEvent.click(other)
    })
    // The same button, still focused where it was, now leads back.
    expect(other.textContent).toBe('Back to the puzzle')
    expect(screen.getByTestId('captcha-work-status').getAttribute('role')).toBe('status')
    for (let i = 0; i < 20 && !onPass.mock.calls.length; i++) await act(async () => new Promise((r) => setTimeout(r, 10)))
    expect(server.requests.map((r) => r.url.split('/').pop())).toEqual(['getCaptcha', 'getCaptchaWork', 'checkCaptchaWork'])
    const answer = JSON.parse(server.requests[2].body!)
    expect(answer.challengeId).toBe('w1')
    expect(meetsCaptchaWork('abc', answer.nonce, 6)).toBe(true)
    expect(screen.getByTestId('captcha-work-status').textContent).toBe('Verified')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    expect(onPass).toHaveBeenCalledWith('tok-w')
  })

  it('says when the work is refused, and tries again on request', async () => {
    const { server } = installTestPlatform({}, { consent: false })
    server.reply(
      ok(PUZZLE('p1')),
      ok({ challengeId: 'w1', challenge: 'abc', bits: 4, expiresIn: 120 }),
      fail(100507, { errorMsg: '图形验证失败' }),
      ok({ challengeId: 'w2', challenge: 'def', bits: 4, expiresIn: 120 }),
      ok({ captchaToken: 'tok-2', expiresIn: 120 }),
    )
    const onPass = vi.fn()
    render(<SliderCaptcha onPass={onPass} resultDelayMs={0} />)
    await act(async () => undefined)
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-other-way'))
    })
    for (let i = 0; i < 20 && screen.getByTestId('captcha-work').dataset.status !== 'failure'; i++) await act(async () => new Promise((r) => setTimeout(r, 10)))
    expect(screen.getByTestId('captcha-work-status').textContent).toBe('验证未通过，请重试')
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-work-retry'))
    })
    for (let i = 0; i < 20 && !onPass.mock.calls.length; i++) await act(async () => new Promise((r) => setTimeout(r, 10)))
    expect(onPass).toHaveBeenCalledWith('tok-2')
  })

  it('keeps one search when the popup owner renders again with a new onPass (no second challenge)', async () => {
    // Timers are the test's: the search yields to one after each slice of 2,048 tries, so it is
    // held mid-way while the owner renders again (with real timers it sometimes ended first).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { server } = installTestPlatform({}, { consent: false })
    // 'abc' at 12 bits is first met by nonce 4959: the third slice.
    expect(meetsCaptchaWork('abc', '4959', 12)).toBe(true)
    server.reply(
      ok(PUZZLE('p1')),
      ok({ challengeId: 'w1', challenge: 'abc', bits: 12, expiresIn: 120 }),
      ok({ captchaToken: 'tok-r', expiresIn: 120 }),
    )
    const first = vi.fn()
    const second = vi.fn()
    const { rerender } = render(<SliderCaptcha onPass={first} resultDelayMs={0} />)
    await act(async () => vi.advanceTimersByTimeAsync(0))
    await act(async () => {
      fireEvent.click(screen.getByTestId('captcha-other-way'))
    })
    const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))
    for (let i = 0; i < 20 && progress() === 0; i++) await act(async () => vi.advanceTimersByTimeAsync(1))
    // Two slices searched (1 − e^(−4096/4096) = 63%), the third, with the answer, waiting for its timer.
    expect(progress()).toBe(63)
    expect(screen.getByTestId('captcha-work').dataset.status).toBe('running')
    rerender(<SliderCaptcha onPass={second} resultDelayMs={0} />)
    for (let i = 0; i < 20 && !second.mock.calls.length; i++) await act(async () => vi.advanceTimersByTimeAsync(1))
    expect(server.requests.map((r) => r.url.split('/').pop())).toEqual(['getCaptcha', 'getCaptchaWork', 'checkCaptchaWork'])
    expect(second).toHaveBeenCalledWith('tok-r')
    expect(first).not.toHaveBeenCalled()
  })
})
