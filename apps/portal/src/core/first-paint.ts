/**
 * Resolves once the page has shown its first content (the Paint Timing API's
 * `first-contentful-paint`, which the browser records when that frame is on screen), at once when it
 * has already been, and at once where the API is missing (the mini-program, older browsers, tests
 * without layout). For calls whose answers only complete what the first paint shows (the names of
 * the agreements behind a line already drawn, a list opened later, a row of sign-in providers):
 * asked for earlier, on a fast connection their answers came before that frame was on screen, and
 * the first paint waited on them and on the script that handled them (Lighthouse's LCP counts
 * every request ended before the paint). `FIRST_PAINT_WAIT_MS` bounds the wait: a page kept
 * hidden (its language's texts on their way) never waits longer for its calls.
 */
export const FIRST_PAINT_WAIT_MS = 1000

const FCP = 'first-contentful-paint'

let painted: Promise<void> | undefined

export function afterFirstPaint(): Promise<void> {
  painted ??= whenPainted()
  return painted
}

function whenPainted(): Promise<void> {
  if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve()
  if (performance.getEntriesByName(FCP).length) return Promise.resolve()
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName(FCP).length) return
      done()
    })
    const done = () => {
      observer.disconnect()
      clearTimeout(timer)
      resolve()
    }
    timer = setTimeout(done, FIRST_PAINT_WAIT_MS)
    observer.observe({ type: 'paint', buffered: true })
  })
}

/** Forgets the first paint (tests: each test loads a fresh page). */
export function resetFirstPaint(): void {
  painted = undefined
}
