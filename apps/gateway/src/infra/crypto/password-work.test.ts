import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../lib/app-error'
import { PasswordWork } from './password-work'

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, work: () => opened }
}

const busy = (action: () => unknown) => {
  try {
    action()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('PasswordWork', () => {
  it('runs at most `concurrency` pieces at once, the rest in order of arrival', async () => {
    const line = new PasswordWork({ concurrency: 2, maxWaitMs: 60_000 })
    const gates = [gate(), gate(), gate(), gate()]
    const ended: number[] = []
    const runs = gates.map((g, index) => line.run(g.work).then(() => ended.push(index)))
    await Promise.resolve()
    expect(line.state()).toMatchObject({ running: 2, waiting: 2, admitted: 4 })
    gates[3].open()
    gates[2].open()
    gates[0].open()
    await runs[0]
    // The freed slot goes to the oldest waiting piece (2), which is already done, then 3.
    await Promise.all([runs[2], runs[3]])
    expect(ended).toEqual([0, 2, 3])
    gates[1].open()
    await Promise.all(runs)
    expect(line.state()).toMatchObject({ running: 0, waiting: 0, admitted: 0 })
  })

  it('refuses at once, with the seconds to wait, when the line ahead would not clear within maxWaitMs', async () => {
    const line = new PasswordWork({ concurrency: 1, maxWaitMs: 0 })
    const held = gate()
    const first = line.run(held.work)
    // The slot is taken: a second request would wait, longer than 0 ms.
    const refusal = busy(() => line.admit())
    expect(refusal.errorCode).toBe('PASSWORD_WORK_BUSY')
    expect(refusal.retryAfterS).toBeGreaterThanOrEqual(1)
    expect(refusal.params).toEqual({ seconds: refusal.retryAfterS })
    held.open()
    await first
    // Free again: admitted.
    line.admit().release()
  })

  it('admits while the expected wait stays within maxWaitMs, by the measured mean duration', async () => {
    // First guess of a hash: 15 ms. One slot, 40 ms allowed: two waiting places fit (15, 30 ms), a third does not (45).
    const line = new PasswordWork({ concurrency: 1, maxWaitMs: 40 })
    const places = [line.admit(), line.admit(), line.admit()]
    expect(busy(() => line.admit()).errorCode).toBe('PASSWORD_WORK_BUSY')
    places[0].release()
    line.admit().release()
    for (const place of places) place.release()
    expect(line.state().admitted).toBe(0)
  })

  it('within: the steps hold one place, every piece inside runs in it, refused before any step runs', async () => {
    const line = new PasswordWork({ concurrency: 1, maxWaitMs: 0 })
    const steps: string[] = []
    const result = await line.within(async (place) => {
      steps.push('spend captcha')
      await line.run(async () => steps.push('verify'), place)
      // A request already admitted is never refused half-way, even when the line is full behind it.
      await line.run(async () => steps.push('rehash'), place)
      return 'ok'
    })
    expect(result).toBe('ok')
    expect(steps).toEqual(['spend captcha', 'verify', 'rehash'])

    const held = gate()
    const holder = line.within((place) => line.run(held.work, place))
    await Promise.resolve()
    let ran = false
    await expect(
      line.within(async () => {
        ran = true
      }),
    ).rejects.toMatchObject({ errorCode: 'PASSWORD_WORK_BUSY' })
    expect(ran).toBe(false)
    held.open()
    await holder
    expect(line.state()).toMatchObject({ running: 0, waiting: 0, admitted: 0 })
  })

  it('hands the place down without an AsyncLocalStorage (on Node 20 one in use slows every promise of the process)', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run')
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith')
    try {
      const line = new PasswordWork({ concurrency: 1, maxWaitMs: 0 })
      await line.within((place) => line.run(async () => 'hashed', place))
      await line.run(async () => 'a place of its own')
      expect(run).not.toHaveBeenCalled()
      expect(enterWith).not.toHaveBeenCalled()
    } finally {
      run.mockRestore()
      enterWith.mockRestore()
    }
  })

  it('gives the place back when a step throws', async () => {
    const line = new PasswordWork({ concurrency: 1, maxWaitMs: 0 })
    await expect(line.within((place) => line.run(() => Promise.reject(new Error('hash failed')), place))).rejects.toThrow('hash failed')
    await expect(line.within(async () => 'next')).resolves.toBe('next')
    expect(line.state()).toMatchObject({ running: 0, admitted: 0 })
  })
})
