import { useEffect, useRef, useState, type ComponentType } from 'react'

export interface LazyPartProps {
  /** Runs when the part's chunk cannot be loaded (offline, a new deployment); nothing is shown then. */
  onLoadFailed?: () => void
}

/**
 * A part of a screen that is a chunk of its own on H5 (out of the start-up JS): it renders once
 * its chunk has loaded (at once after the first time). A chunk that cannot be loaded shows
 * nothing and calls `onLoadFailed`; the next mount tries again. (React.lazy would keep the
 * failure for good and, with no error boundary, take the whole app down with it.)
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & LazyPartProps> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const fetchPart = () =>
    (loading ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))

  return function LazyPart({ onLoadFailed, ...props }: P & LazyPartProps) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded)
    const failed = useRef(onLoadFailed)
    failed.current = onLoadFailed
    useEffect(() => {
      if (Part) return
      let alive = true
      fetchPart().then(
        (part) => alive && setPart(() => part),
        () => alive && failed.current?.(),
      )
      return () => {
        alive = false
      }
    }, [Part])
    return Part ? <Part {...(props as P)} /> : null
  }
}

/**
 * Resolves once the browser has painted the frame it is preparing (a task queued from an animation
 * frame runs after that frame's paint); at once where there are no frames (tests without layout).
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve()
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

/** The events that mean the user has begun to use a screen (a tap, a click, a key). */
const FIRST_ACTS = ['pointerdown', 'touchstart', 'keydown'] as const

/**
 * Runs `then` once, at the user's first tap, click or key on the page (at once where there is no
 * document: tests without one, the mini-program). For code a screen needs only once it is used:
 * asked for after the first paint, it was still fetched and run while the page settled, and its
 * work counted against the screen's responsiveness (Lighthouse's TBT) for a visitor who only reads.
 * Returns the way to stop waiting (an effect's cleanup).
 */
export function whenUserActs(then: () => void): () => void {
  if (typeof document === 'undefined' || typeof document.addEventListener !== 'function') {
    then()
    return () => undefined
  }
  let done = false
  const act = () => {
    if (done) return
    stop()
    then()
  }
  const stop = () => {
    done = true
    for (const type of FIRST_ACTS) document.removeEventListener(type, act, true)
  }
  for (const type of FIRST_ACTS) document.addEventListener(type, act, { capture: true, passive: true })
  return stop
}
