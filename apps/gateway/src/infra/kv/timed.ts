import type { Kv } from './kv'

const OPERATIONS = ['get', 'getMany', 'set', 'setNX', 'incr', 'take', 'del', 'ping'] as const

/** The store with each call's time reported by operation (the metrics, when on); the store itself otherwise untouched. */
export function timedKv(kv: Kv, observe: (operation: string, seconds: number) => void): Kv {
  const timed: Kv = Object.create(kv)
  for (const operation of OPERATIONS) {
    const call = kv[operation] as (...args: unknown[]) => Promise<unknown>
    ;(timed as unknown as Record<string, unknown>)[operation] = (...args: unknown[]) => {
      const start = performance.now()
      const done = () => observe(operation, (performance.now() - start) / 1000)
      const result = call.apply(kv, args)
      result.then(done, done)
      return result
    }
  }
  return timed
}
