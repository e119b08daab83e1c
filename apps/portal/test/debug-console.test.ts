import { describe, expect, it, vi } from 'vitest'
import { installDebugConsole, readDebugParam, type ConsoleLike } from '../src/core/web/debug-console'
import { createMemoryStorage } from '../src/platform/shared/memory-storage'

function fakeConsole() {
  const calls: string[] = []
  const c: ConsoleLike = {
    log: vi.fn(() => void calls.push('log')),
    info: vi.fn(() => void calls.push('info')),
    debug: vi.fn(() => void calls.push('debug')),
    warn: vi.fn(() => void calls.push('warn')),
    error: vi.fn(() => void calls.push('error')),
  }
  const speak = () => {
    c.log('x')
    c.info('x')
    c.debug('x')
    c.warn('x')
    c.error('x')
  }
  return { c, calls, speak }
}

describe('debug console switch (SPEC §2)', () => {
  it('reads debug from the query or from the hash query', () => {
    expect(readDebugParam('?debug=1', '#/pages/home/index')).toBe('1')
    expect(readDebugParam('', '#/pages/home/index?flag=1&debug=1')).toBe('1')
    expect(readDebugParam('', '#/pages/home/index')).toBeNull()
  })

  it('silences log/info/debug in production without debug=1, keeping warnings and errors', () => {
    const { c, calls, speak } = fakeConsole()
    expect(installDebugConsole({ console: c, isProduction: true, param: null, session: createMemoryStorage() })).toBe(false)
    speak()
    expect(calls).toEqual(['warn', 'error'])
  })

  it('debug=1 restores them and is remembered for the session; debug=0 turns it off again', () => {
    const { c, calls, speak } = fakeConsole()
    const session = createMemoryStorage()
    installDebugConsole({ console: c, isProduction: true, param: null, session })
    installDebugConsole({ console: c, isProduction: true, param: '1', session })
    speak()
    expect(calls).toEqual(['log', 'info', 'debug', 'warn', 'error'])
    expect(session.get('debug')).toBe('1')

    calls.length = 0
    installDebugConsole({ console: c, isProduction: true, param: null, session }) // next page, no parameter
    speak()
    expect(calls).toHaveLength(5)

    calls.length = 0
    installDebugConsole({ console: c, isProduction: true, param: '0', session })
    speak()
    expect(calls).toEqual(['warn', 'error'])
  })

  it('never silences a development build', () => {
    const { c, calls, speak } = fakeConsole()
    installDebugConsole({ console: c, isProduction: false, param: null, session: createMemoryStorage() })
    speak()
    expect(calls).toHaveLength(5)
  })
})
