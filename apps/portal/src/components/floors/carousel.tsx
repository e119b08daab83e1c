import { Children, useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { indexAtTrackPosition, isTap, settleTrackPosition, SLIDE_MS, swipeStep, trackPositionOf, type CarouselProps } from './carousel-model'
import './carousel.scss'

export type { CarouselProps } from './carousel-model'

interface Gesture {
  id: number
  x0: number
  y0: number
  t0: number
  /** 'x' once the pointer moved sideways (a swipe), 'y' once it moved up or down (a page scroll). */
  axis: 'x' | 'y' | null
}

/**
 * The H5 carousel (the mini-program uses its native Swiper: `carousel.weapp.tsx`). A track of
 * [last clone, slides…, first clone] moved with a CSS transform; swipe with touch or mouse, a tap
 * still reaches the slide's own click handler and a swipe does not; autoplay pauses while touched,
 * hovered with a mouse, scrolled out of view, on a hidden tab page or a hidden browser tab.
 * `vertical` makes it a ticker: autoplay only.
 */
export function Carousel({ children, className, interval, vertical = false, dots = false, label }: CarouselProps) {
  const slides = Children.toArray(children)
  const count = slides.length
  const looping = count > 1
  const rootRef = useRef<HTMLDivElement>(null)
  const gesture = useRef<Gesture | null>(null)
  const swallowClick = useRef(false)
  const [position, setPosition] = useState(trackPositionOf(0))
  const [animate, setAnimate] = useState(false)
  const [drag, setDrag] = useState<number | null>(null)
  const [touching, setTouching] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [visible, setVisible] = useState(true)

  const go = useCallback((step: number) => {
    setAnimate(true)
    setPosition((p) => p + step)
  }, [])

  // After a move onto a clone, jump (no transition) to the real slide it copies.
  useEffect(() => {
    const real = settleTrackPosition(position, count)
    if (real === null) return
    const timer = setTimeout(() => {
      setAnimate(false)
      setPosition(real)
    }, SLIDE_MS)
    return () => clearTimeout(timer)
  }, [position, count])

  // Slides removed by a CMS refresh: back to the first.
  useEffect(() => {
    setAnimate(false)
    setPosition(trackPositionOf(0))
  }, [count])

  const paused = !looping || touching || hovered || focused || !visible
  useEffect(() => {
    if (paused) return
    const timer = setTimeout(() => go(1), interval)
    return () => clearTimeout(timer)
  }, [paused, position, interval, go])

  // Out of view: scrolled away, on a tab page that is not shown (display: none), or a hidden tab.
  useEffect(() => {
    const root = rootRef.current
    let inView = true
    const update = () => setVisible(inView && document.visibilityState !== 'hidden')
    document.addEventListener('visibilitychange', update)
    const observer =
      root && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            inView = entries[entries.length - 1].isIntersecting
            update()
          })
        : null
    if (root) observer?.observe(root)
    return () => {
      document.removeEventListener('visibilitychange', update)
      observer?.disconnect()
    }
  }, [])

  // A slide's link focused from the keyboard stays on screen: autoplay pauses while focus is inside.
  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    const onFocusIn = () => setFocused(true)
    const onFocusOut = (event: FocusEvent) => setFocused(root.contains(event.relatedTarget as Node | null))
    root.addEventListener('focusin', onFocusIn)
    root.addEventListener('focusout', onFocusOut)
    return () => {
      root.removeEventListener('focusin', onFocusIn)
      root.removeEventListener('focusout', onFocusOut)
    }
  }, [])

  // The click that ends a swipe never reaches the slide (capture phase, before React's handlers).
  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    const onClick = (event: MouseEvent) => {
      if (!swallowClick.current) return
      swallowClick.current = false
      event.stopPropagation()
      event.preventDefault()
    }
    root.addEventListener('click', onClick, true)
    return () => root.removeEventListener('click', onClick, true)
  }, [])

  const swipeable = looping && !vertical
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return
    swallowClick.current = false
    setTouching(true)
    if (!swipeable) return
    gesture.current = { id: e.pointerId, x0: e.clientX, y0: e.clientY, t0: e.timeStamp, axis: null }
    // A swipe starts from a real slide, even in the middle of a wrap.
    const real = settleTrackPosition(position, count)
    if (real !== null) {
      setAnimate(false)
      setPosition(real)
    }
  }
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current
    if (!g || g.id !== e.pointerId || g.axis === 'y') return
    const dx = e.clientX - g.x0
    const dy = e.clientY - g.y0
    if (!g.axis) {
      if (isTap(dx, dy)) return
      g.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y'
      if (g.axis === 'y') return
      swallowClick.current = true
      if (e.pointerType === 'mouse') e.currentTarget.setPointerCapture(e.pointerId)
    }
    setDrag(dx)
  }
  const onPointerEnd = (e: ReactPointerEvent<HTMLDivElement>) => {
    setTouching(false)
    const g = gesture.current
    if (!g || g.id !== e.pointerId) return
    gesture.current = null
    if (g.axis !== 'x') return
    const width = rootRef.current?.offsetWidth ?? 0
    setDrag(null)
    go(e.type === 'pointercancel' ? 0 : swipeStep(e.clientX - g.x0, e.timeStamp - g.t0, width))
  }
  const onHover = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') setHovered(e.type === 'pointerenter')
  }

  const track = looping ? [slides[count - 1], ...slides, slides[0]] : slides
  const shown = looping ? position : 0
  const offset = vertical ? `0, ${-shown * 100}%, 0` : `calc(${-shown * 100}% + ${drag ?? 0}px), 0, 0`
  const active = indexAtTrackPosition(position, count)
  return (
    <div
      ref={rootRef}
      className={['ess-carousel', vertical ? 'ess-carousel--vertical' : 'ess-carousel--horizontal', className].filter(Boolean).join(' ')}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerEnter={onHover}
      onPointerLeave={onHover}
    >
      <div
        className={`ess-carousel__track${animate && drag === null ? ' ess-carousel__track--animate' : ''}`}
        style={{ transform: `translate3d(${offset})` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {track.map((slide, i) => {
          const clone = looping && (i === 0 || i === track.length - 1)
          const index = looping ? indexAtTrackPosition(i, count) : i
          const hidden = clone || (looping && index !== active)
          return (
            <div
              key={clone ? `clone-${i}` : `slide-${index}`}
              // Slides off screen are out of the tab order too (aria-hidden alone would leave their
              // links focusable); set as a property, which both React and Preact pass as is.
              ref={(el) => {
                if (el) el.inert = hidden
              }}
              className="ess-carousel__slide"
              role={clone ? undefined : 'group'}
              aria-roledescription={clone ? undefined : 'slide'}
              aria-label={clone ? undefined : `${index + 1} / ${count}`}
              aria-hidden={hidden || undefined}
            >
              {slide}
            </div>
          )
        })}
      </div>
      {dots && looping && !vertical && (
        <div className="ess-carousel__dots" aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={`ess-carousel__dot${i === active ? ' ess-carousel__dot--active' : ''}`} />
          ))}
        </div>
      )}
    </div>
  )
}
