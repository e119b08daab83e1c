import { LEAVE_PAGE_TOAST_MS } from '@ess/contract/wire'
import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { goBack, openRoute, relaunchHome, routeUrl } from '../src/core/navigation'
import { leaveWithToast, toast } from '../src/core/toast'
import { installTestPlatform } from './helpers'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('navigation helpers', () => {
  it('opens tabs with switchTab (no query) and other pages with navigateTo', async () => {
    const { nav } = installTestPlatform()
    await openRoute('pages/user-center/index', { a: 1 })
    expect(nav.switchTab).toHaveBeenCalledWith('/pages/user-center/index')
    await openRoute('packages/news/index', { newscode: 'news', empty: '', gone: undefined })
    expect(nav.navigateTo).toHaveBeenCalledWith('/packages/news/index?newscode=news')
    await openRoute('packages/auth/realNameAuthOption', { origin: 'home' }, { replace: true })
    expect(nav.redirectTo).toHaveBeenCalledWith('/packages/auth/realNameAuthOption?origin=home')
  })

  it('redirects when the page stack is full, and encodes query values', async () => {
    const { nav } = installTestPlatform()
    nav.navigateTo.mockRejectedValueOnce(new Error('navigateTo:fail webview count limit exceed'))
    await openRoute('packages/webview/index', { url: 'https://x.example/a?b=c&d=中' })
    expect(nav.redirectTo).toHaveBeenCalledWith(routeUrl('packages/webview/index', { url: 'https://x.example/a?b=c&d=中' }))
    expect(routeUrl('packages/webview/index', { url: 'a&b' })).toBe('/packages/webview/index?url=a%26b')
  })

  it('goes back with history, home without; an unknown page relaunches home', async () => {
    const { nav } = installTestPlatform()
    nav.stackDepth.mockReturnValue(3)
    await goBack()
    expect(nav.navigateBack).toHaveBeenCalledWith(1)
    nav.stackDepth.mockReturnValue(1)
    await goBack()
    expect(nav.switchTab).toHaveBeenCalledWith('/pages/home/index')
    await relaunchHome()
    expect(nav.reLaunch).toHaveBeenCalledWith('/pages/home/index')
  })
})

describe('toasts', () => {
  it('last 3000 ms by default', () => {
    installTestPlatform()
    const show = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    toast('Saved')
    expect(show).toHaveBeenCalledWith({ title: 'Saved', icon: 'none', duration: 3000, mask: false })
  })

  it('leaveWithToast shows the toast for 1200 ms, then navigates', async () => {
    vi.useFakeTimers()
    const { nav } = installTestPlatform()
    const show = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const done = leaveWithToast('Password changed', () => nav.navigateBack(1), 'success')
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Password changed', duration: LEAVE_PAGE_TOAST_MS, icon: 'success' }))
    vi.advanceTimersByTime(LEAVE_PAGE_TOAST_MS - 1)
    expect(nav.navigateBack).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    await vi.runAllTimersAsync()
    await done
    expect(nav.navigateBack).toHaveBeenCalledTimes(1)
  })
})
