import Taro from '@tarojs/taro'
import { forwardRef, useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * The web's pull-down refresh of a page whose config enables it (home, services): Taro's router
 * wraps such a page in this component (its `PullDownRefresh`, put here by config/index.ts in place
 * of @tarojs/components-react's, which listens on its own wrapper instead of the page that scrolls).
 *
 * A downward drag that starts with the page at its top pulls the page's content down; let go past
 * `PULL_TO_REFRESH_PX`, the page's `onPullDownRefresh` runs (page-frame's `usePullDownRefresh`) and
 * the dots show until `Taro.stopPullDownRefresh()`. A drag on a page scrolled down scrolls it, as
 * always. `Taro.startPullDownRefresh()` starts one as a pull would. The class names are those of
 * Taro's component, whose stylesheet draws the dots and the slide back.
 */
export const PULL_TO_REFRESH_PX = 50
/** The farthest the content follows the finger. */
const MAX_PULL_PX = 100
/** The content follows the finger at this fraction of its travel (a rubber-band feel). */
const DAMPING = 0.5

type Phase = 'idle' | 'pulling' | 'armed' | 'refreshing'

interface PageElement extends HTMLElement {
  /** Set by Taro's router on the page's element: the page instance with its lifecycle methods. */
  __page?: { onPullDownRefresh?: () => void }
}

interface EventHandlers {
  successHandler?: (result: { errMsg: string }) => void
}

/** Rendered by the router, which passes a ref; none is needed. */
export default forwardRef<unknown, { children?: ReactNode }>(function PullDownRefresh({ children }, _ref) {
  const content = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<Phase>('idle')

  useEffect(() => {
    const inner = content.current
    const page = inner?.closest<PageElement>('.taro_page')
    if (!inner || !page) return
    let current: Phase = 'idle'
    let startY: number | undefined
    const show = (next: Phase, offset: number) => {
      inner.style.transform = offset ? `translate3d(0, ${offset}px, 0)` : ''
      // The content slides back (or to the dots) by itself; it follows the finger without delay.
      inner.classList.toggle('rmc-pull-to-refresh-transition', next !== 'pulling' && next !== 'armed')
      if (next !== current) setPhase((current = next))
    }
    const refresh = () => {
      if (current === 'refreshing') return
      show('refreshing', PULL_TO_REFRESH_PX)
      page.__page?.onPullDownRefresh?.()
    }
    const reset = () => show('idle', 0)

    const onStart = (event: TouchEvent) => {
      startY = page.scrollTop <= 0 && current !== 'refreshing' ? event.touches[0]?.clientY : undefined
    }
    const onMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY
      if (startY === undefined || y === undefined) return
      const travel = y - startY
      // Upwards, or the page scrolled meanwhile: the browser scrolls the page.
      if (travel <= 0 || page.scrollTop > 0) {
        if (current !== 'idle') reset()
        if (page.scrollTop > 0) startY = undefined
        return
      }
      if (event.cancelable) event.preventDefault()
      const offset = Math.min(MAX_PULL_PX, Math.round(travel * DAMPING))
      show(offset >= PULL_TO_REFRESH_PX ? 'armed' : 'pulling', offset)
    }
    const onEnd = () => {
      startY = undefined
      if (current === 'armed') refresh()
      else if (current === 'pulling') reset()
    }
    const onStop = (handlers?: EventHandlers) => {
      reset()
      handlers?.successHandler?.({ errMsg: 'stopPullDownRefresh: ok' })
    }
    const onStartRefresh = (handlers?: EventHandlers) => {
      refresh()
      handlers?.successHandler?.({ errMsg: 'startPullDownRefresh: ok' })
    }

    const listening = new AbortController()
    const { signal } = listening
    page.addEventListener('touchstart', onStart, { passive: true, signal })
    // Not passive: a pull at the top stops the browser's own overscroll.
    page.addEventListener('touchmove', onMove, { passive: false, signal })
    page.addEventListener('touchend', onEnd, { signal })
    page.addEventListener('touchcancel', onEnd, { signal })
    Taro.eventCenter.on('__taroStopPullDownRefresh', onStop)
    Taro.eventCenter.on('__taroStartPullDownRefresh', onStartRefresh)
    return () => {
      listening.abort()
      Taro.eventCenter.off('__taroStopPullDownRefresh', onStop)
      Taro.eventCenter.off('__taroStartPullDownRefresh', onStartRefresh)
    }
  }, [])

  return (
    <div className="rmc-pull-to-refresh-content-wrapper">
      <div ref={content} className="rmc-pull-to-refresh-content rmc-pull-to-refresh-down rmc-pull-to-refresh-transition" data-pull={phase}>
        {(phase === 'armed' || phase === 'refreshing') && (
          <div className="rmc-pull-to-refresh-indicator" aria-hidden>
            <div />
            <div />
            <div />
          </div>
        )}
        {children}
      </div>
    </div>
  )
})
