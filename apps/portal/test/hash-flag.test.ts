import { describe, expect, it, vi } from 'vitest'
import { ensureHashFlag, hashWithFlag, installHashFlag } from '../src/core/web/hash-flag'

describe('flag=1 in the hash (SPEC §2)', () => {
  it.each([
    ['#/pages/home/index', '#/pages/home/index?flag=1'],
    ['#/packages/safety/findPasswd', '#/packages/safety/findPasswd?flag=1'],
    ['#/packages/news/index?newscode=news', '#/packages/news/index?newscode=news&flag=1'],
    ['#/packages/auth/realNameAuthOption?origin=home&x=%E4%B8%AD', '#/packages/auth/realNameAuthOption?origin=home&x=%E4%B8%AD&flag=1'],
    ['#/pages/home/index?', '#/pages/home/index?flag=1'],
  ])('%s → %s', (hash, expected) => {
    expect(hashWithFlag(hash)).toBe(expected)
  })

  it.each(['#/pages/home/index?flag=1', '#/x?a=1&flag=1', '#/x?flag=0', '', '#', '#anchor'])('leaves %j alone', (hash) => {
    expect(hashWithFlag(hash)).toBeNull()
  })

  it('rewrites with replaceState at start and on every hash change, without adding history entries', () => {
    window.history.replaceState({ idx: 3, key: 'k' }, '', '/#/pages/home/index')
    const lengthBefore = window.history.length
    const replace = vi.spyOn(window.history, 'replaceState')
    const pushes = vi.spyOn(window.history, 'pushState')
    let routerListener: (() => void) | undefined
    const off = installHashFlag(window, (listener) => {
      routerListener = listener
      return () => undefined
    })
    expect(window.location.hash).toBe('#/pages/home/index?flag=1')
    expect(replace).toHaveBeenCalledWith({ idx: 3, key: 'k' }, '', '/#/pages/home/index?flag=1')

    window.location.hash = '#/packages/users/help/index?a=b'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(window.location.hash).toBe('#/packages/users/help/index?a=b&flag=1')

    // A router navigation (pushState, no hashchange event).
    window.history.replaceState(null, '', '/#/packages/users/language/index')
    routerListener?.()
    expect(window.location.hash).toBe('#/packages/users/language/index?flag=1')

    expect(pushes).not.toHaveBeenCalled()
    expect(window.history.length).toBe(lengthBefore + 1) // only the hash assignment above
    off()
    vi.restoreAllMocks()
  })

  it('does nothing when the flag is present', () => {
    const host = {
      location: { hash: '#/pages/home/index?flag=1', pathname: '/', search: '' },
      history: { state: null, replaceState: vi.fn() },
    }
    expect(ensureHashFlag(host)).toBe(false)
    expect(host.history.replaceState).not.toHaveBeenCalled()
  })
})
