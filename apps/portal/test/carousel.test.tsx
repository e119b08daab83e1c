import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Carousel } from '../src/components/floors/carousel'
import {
  indexAtTrackPosition,
  isTap,
  settleTrackPosition,
  SLIDE_MS,
  swipeStep,
  TAP_SLOP_PX,
  trackPositionOf,
  wrapIndex,
} from '../src/components/floors/carousel-model'

describe('carousel model', () => {
  it('wraps any index onto the slides', () => {
    expect([-4, -1, 0, 1, 2, 3, 7].map((i) => wrapIndex(i, 3))).toEqual([2, 2, 0, 1, 2, 0, 1])
    expect(wrapIndex(5, 0)).toBe(0)
  })

  it('maps track positions (with a clone at each end) to slides and settles clones on the real slide', () => {
    // Track of 3 slides: [clone of 2, 0, 1, 2, clone of 0].
    expect([0, 1, 2, 3, 4].map((p) => indexAtTrackPosition(p, 3))).toEqual([2, 0, 1, 2, 0])
    expect(trackPositionOf(0)).toBe(1)
    expect(settleTrackPosition(0, 3)).toBe(3)
    expect(settleTrackPosition(4, 3)).toBe(1)
    expect([1, 2, 3].map((p) => settleTrackPosition(p, 3))).toEqual([null, null, null])
    expect(settleTrackPosition(0, 1)).toBeNull()
  })

  it('tells a tap from a swipe', () => {
    expect(isTap(0, 0)).toBe(true)
    expect(isTap(TAP_SLOP_PX, -TAP_SLOP_PX)).toBe(true)
    expect(isTap(TAP_SLOP_PX + 1, 0)).toBe(false)
    expect(isTap(0, -(TAP_SLOP_PX + 1))).toBe(false)
  })

  it('changes slide on a long enough or fast enough swipe, otherwise springs back', () => {
    const width = 350
    expect(swipeStep(-120, 600, width)).toBe(1) // dragged left past the threshold: next
    expect(swipeStep(120, 600, width)).toBe(-1) // dragged right: previous
    expect(swipeStep(-40, 600, width)).toBe(0) // short and slow: back
    expect(swipeStep(-40, 60, width)).toBe(1) // short but flicked
    expect(swipeStep(-TAP_SLOP_PX, 1, width)).toBe(0) // within the tap slop, however fast
    expect(swipeStep(-200, 600, 0)).toBe(0) // not laid out
  })
})

// jsdom has no PointerEvent: a MouseEvent carrying the pointer's id and type is enough here.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number
    readonly pointerType: string
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerId = init.pointerId ?? 0
      this.pointerType = init.pointerType ?? 'mouse'
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent
}

describe('H5 carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    // jsdom lays nothing out: a 350 px wide carousel.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(350)
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  const opened: string[] = []
  const renderSlides = (titles = ['A', 'B', 'C']) =>
    render(
      <Carousel interval={4000} dots label="banner">
        {titles.map((t) => (
          <div key={t} role="link" aria-label={t} onClick={() => opened.push(t)}>
            {t}
          </div>
        ))}
      </Carousel>,
    )
  const shownSlide = () => screen.getAllByRole('group', { hidden: false }).map((g) => g.textContent)
  const activeDot = (container: HTMLElement) =>
    [...container.querySelectorAll('.ess-carousel__dot')].findIndex((d) => d.classList.contains('ess-carousel__dot--active'))
  const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms))
  const pointer = (el: Element, type: 'pointerDown' | 'pointerMove' | 'pointerUp', x: number, y = 100) =>
    fireEvent[type](el, { pointerId: 1, pointerType: 'touch', clientX: x, clientY: y, button: 0 })

  it('is a labelled carousel of slides whose clones are hidden from assistive technology', () => {
    const { container } = renderSlides()
    const root = screen.getByRole('region', { name: 'banner' })
    expect(root.getAttribute('aria-roledescription')).toBe('carousel')
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('aria-label'))).toEqual(['A'])
    expect(container.querySelectorAll('.ess-carousel__slide')).toHaveLength(5)
    expect(container.querySelectorAll('.ess-carousel__dot')).toHaveLength(3)
    expect(shownSlide()).toEqual(['A'])
  })

  it('advances every interval and wraps from the last slide to the first', () => {
    const { container } = renderSlides()
    expect(activeDot(container)).toBe(0)
    advance(4000)
    expect(activeDot(container)).toBe(1)
    advance(4000 + SLIDE_MS)
    expect(activeDot(container)).toBe(2)
    advance(4000)
    expect(activeDot(container)).toBe(0) // on the clone of the first slide…
    advance(SLIDE_MS)
    expect(shownSlide()).toEqual(['A']) // …then on the real one
    const track = container.querySelector('.ess-carousel__track') as HTMLElement
    expect(track.style.transform).toContain('-100%')
    expect(track.className).not.toContain('--animate')
  })

  it('a tap opens the slide; a swipe changes slide and opens nothing', () => {
    opened.length = 0
    const { container } = renderSlides()
    const link = screen.getByRole('link', { name: 'A' })
    pointer(link, 'pointerDown', 200)
    pointer(link, 'pointerUp', 202)
    fireEvent.click(link)
    expect(opened).toEqual(['A'])

    pointer(link, 'pointerDown', 200)
    pointer(link, 'pointerMove', 150)
    pointer(link, 'pointerMove', 100)
    // Held: autoplay waits.
    advance(10_000)
    expect(activeDot(container)).toBe(0)
    pointer(link, 'pointerUp', 100)
    fireEvent.click(link)
    expect(opened).toEqual(['A'])
    expect(activeDot(container)).toBe(1)
  })

  it('swiping right from the first slide goes to the last', () => {
    const { container } = renderSlides()
    const link = screen.getByRole('link', { name: 'A' })
    pointer(link, 'pointerDown', 100)
    pointer(link, 'pointerMove', 160)
    pointer(link, 'pointerUp', 160)
    expect(activeDot(container)).toBe(2)
    advance(SLIDE_MS)
    expect(shownSlide()).toEqual(['C'])
  })

  it('a vertical move is the page scrolling, not a swipe', () => {
    const { container } = renderSlides()
    const link = screen.getByRole('link', { name: 'A' })
    pointer(link, 'pointerDown', 100, 100)
    pointer(link, 'pointerMove', 104, 160)
    fireEvent.pointerCancel(link, { pointerId: 1, pointerType: 'touch' })
    expect(activeDot(container)).toBe(0)
    advance(4000)
    expect(activeDot(container)).toBe(1)
  })

  it('pauses while the browser tab is hidden', () => {
    const { container } = renderSlides()
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    advance(12_000)
    expect(activeDot(container)).toBe(0)
    state.mockReturnValue('visible')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    advance(4000)
    expect(activeDot(container)).toBe(1)
  })

  it('one slide: no clones, no dots, no autoplay', () => {
    const { container } = renderSlides(['A'])
    expect(container.querySelectorAll('.ess-carousel__slide')).toHaveLength(1)
    expect(container.querySelectorAll('.ess-carousel__dot')).toHaveLength(0)
    advance(10_000)
    expect(shownSlide()).toEqual(['A'])
  })
})
