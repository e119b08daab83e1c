import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_PAINT_WAIT_MS, afterFirstPaint, resetFirstPaint } from '../src/core/first-paint'

/** A Paint Timing API of our own: `paint()` records the first contentful paint and tells the observers. */
function fakePaintTiming(alreadyPainted = false) {
  const observers = new Set<(list: { getEntriesByName: (name: string) => unknown[] }) => void>()
  let painted = alreadyPainted
  const entries = (name: string) => (painted && name === 'first-contentful-paint' ? [{ name }] : [])
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint']
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
    observe() {
      observers.add(this.callback)
    }
    disconnect() {
      observers.delete(this.callback)
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => entries(name) as never)
  return {
    observers,
    paint() {
      painted = true
      for (const callback of [...observers]) callback({ getEntriesByName: entries })
    },
  }
}

/** Whether `promise` has settled by now (its callbacks run in this turn's microtasks). */
async function settled(promise: Promise<unknown>) {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

beforeEach(() => resetFirstPaint())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('afterFirstPaint (core/first-paint.ts): calls that only complete the first view wait for it', () => {
  it('waits for the first contentful paint, then stops observing; later callers resolve at once', async () => {
    const timing = fakePaintTiming()
    const first = afterFirstPaint()
    expect(await settled(first)).toBe(false)
    expect(timing.observers.size).toBe(1)
    timing.paint()
    expect(await settled(first)).toBe(true)
    expect(timing.observers.size).toBe(0)
    expect(await settled(afterFirstPaint())).toBe(true)
  })

  it('resolves at once when the page has already painted, or where the browser has no Paint Timing', async () => {
    fakePaintTiming(true)
    expect(await settled(afterFirstPaint())).toBe(true)
    resetFirstPaint()
    vi.unstubAllGlobals()
    vi.stubGlobal('PerformanceObserver', undefined)
    expect(await settled(afterFirstPaint())).toBe(true)
  })

  it('never waits longer than FIRST_PAINT_WAIT_MS (a page kept hidden while its texts load)', async () => {
    vi.useFakeTimers()
    const timing = fakePaintTiming()
    const waiting = afterFirstPaint()
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1)
    expect(await settled(waiting)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(waiting)).toBe(true)
    expect(timing.observers.size).toBe(0)
  })
})
