import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { PreparingPage } from '../src/components/page-frame'
import UserCenterPage from '../src/pages/user-center/index'
import LanguagePage from '../src/packages/users/language/index'
import { initLocale } from '../src/core/locale'
import { getLocale } from '../src/i18n/store'
import { installTestPlatform } from './helpers'

let tabBar: MockInstance<typeof Taro.setTabBarItem>
beforeEach(() => {
  tabBar = vi.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' } as never)
  vi.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' } as never)
  vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const titleOf = (route: string) =>
  within(document.querySelector(`[data-route="${route}"]`) as HTMLElement).getByTestId('nav-title').textContent

describe('page frame', () => {
  it('shows the route, its title in the current language and the empty state', () => {
    installTestPlatform()
    render(<PreparingPage route="packages/safety/findPasswd" />)
    expect(titleOf('packages/safety/findPasswd')).toBe('找回密码')
    expect(screen.getByText('该服务正在筹备中，即将上线')).toBeTruthy()
  })

  it('offers home on a page opened without history, back with history, nothing on a tab', () => {
    const { nav } = installTestPlatform()
    nav.stackDepth.mockReturnValue(1)
    const first = render(<PreparingPage route="packages/users/help/index" />)
    fireEvent.click(screen.getByTestId('nav-home'))
    expect(nav.switchTab).toHaveBeenCalledWith('/pages/home/index')
    first.unmount()

    nav.stackDepth.mockReturnValue(2)
    const second = render(<PreparingPage route="packages/users/help/index" />)
    fireEvent.click(screen.getByTestId('nav-back'))
    expect(nav.navigateBack).toHaveBeenCalledWith(1)
    second.unmount()

    render(<PreparingPage route="pages/service/index" />)
    expect(screen.queryByTestId('nav-back')).toBeNull()
    expect(screen.queryByTestId('nav-home')).toBeNull()
  })
})

describe('my account tab', () => {
  it('shows the visitor card whose button leads to login, and the five entries', () => {
    const { nav } = installTestPlatform()
    render(<UserCenterPage />)
    expect(titleOf('pages/user-center/index')).toBe('我的')
    fireEvent.click(screen.getByTestId('login-register'))
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/packages/login/login-type/index')
    const expected: Array<[string, string]> = [
      ['accountSecurity', '/packages/users/account/index'],
      ['settings', '/packages/users/setting/index'],
      ['language', '/packages/users/language/index'],
      ['help', '/packages/users/help/index'],
      ['version', '/packages/users/version/index'],
    ]
    for (const [key, url] of expected) {
      fireEvent.click(screen.getByTestId(`entry-${key}`))
      expect(nav.navigateTo).toHaveBeenLastCalledWith(url)
    }
    expect(screen.getByTestId('entry-language').textContent).toContain('简体中文')
  })
})

describe('language page', () => {
  it('switches every mounted page, the tab bar and the document at once, and survives a reload', async () => {
    installTestPlatform()
    initLocale()
    render(
      <>
        <UserCenterPage />
        <LanguagePage />
      </>,
    )
    expect(titleOf('packages/users/language/index')).toBe('多语言')
    expect(screen.getByTestId('lang-zh-CN').getAttribute('aria-checked')).toBe('true')

    await act(async () => void fireEvent.click(screen.getByTestId('lang-en-US')))

    expect(titleOf('packages/users/language/index')).toBe('Language')
    expect(titleOf('pages/user-center/index')).toBe('My account')
    expect(screen.getByText('Log in / Register')).toBeTruthy()
    expect(screen.getByText('Choose the language of the app')).toBeTruthy()
    expect(screen.getByTestId('lang-en-US').getAttribute('aria-checked')).toBe('true')
    expect(screen.getByTestId('entry-language').textContent).toContain('English')
    expect(tabBar).toHaveBeenCalledWith({ index: 2, text: 'My account' })
    expect(document.documentElement.lang).toBe('en-US')
    expect(localStorage.getItem('locale-lang')).toBe('en-US')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Switched to English' }))

    // Reload: the stored choice comes back.
    cleanup()
    const stored = localStorage.getItem('locale-lang') as string
    installTestPlatform()
    localStorage.setItem('locale-lang', stored)
    initLocale()
    expect(getLocale()).toBe('en-US')
    render(<LanguagePage />)
    expect(titleOf('packages/users/language/index')).toBe('Language')

    act(() => void fireEvent.click(screen.getByTestId('lang-zh-CN')))
    expect(titleOf('packages/users/language/index')).toBe('多语言')
    expect(localStorage.getItem('locale-lang')).toBe('zh-CN')
  })
})
