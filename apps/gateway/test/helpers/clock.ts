/** A clock the test moves: expiries, lockouts and countdowns without sleeping. */
export interface TestClock {
  now: () => Date
  advance(ms: number): void
  set(at: Date): void
}

export function testClock(start = new Date()): TestClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
    set: (at) => {
      current = at.getTime()
    },
  }
}

export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
