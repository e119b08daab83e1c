import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initLocale, setLocale, tabBarTexts } from '../src/core/locale'
import { getLocale } from '../src/i18n/store'
import { installTestPlatform } from './helpers'

afterEach(() => vi.restoreAllMocks())

describe('locale store', () => {
  it('defaults to zh-CN', () => {
    installTestPlatform()
    expect(initLocale()).toBe('zh-CN')
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('persists the choice under locale-lang and restores it on the next start', () => {
    installTestPlatform()
    const setTabBarItem = vi.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' } as never)
    setLocale('en-US')
    expect(getLocale()).toBe('en-US')
    expect(localStorage.getItem('locale-lang')).toBe('en-US')
    expect(document.documentElement.lang).toBe('en-US')
    expect(setTabBarItem.mock.calls.map(([o]) => o)).toEqual([
      { index: 0, text: 'Home' },
      { index: 1, text: 'Services' },
      { index: 2, text: 'My account' },
    ])

    // A reload: a fresh store reads the stored choice.
    const stored = localStorage.getItem('locale-lang')
    installTestPlatform()
    localStorage.setItem('locale-lang', stored as string)
    expect(getLocale()).toBe('zh-CN')
    expect(initLocale()).toBe('en-US')
    expect(getLocale()).toBe('en-US')
  })

  it('ignores an unknown stored value', () => {
    installTestPlatform()
    localStorage.setItem('locale-lang', 'de-DE')
    expect(initLocale()).toBe('zh-CN')
  })

  it('survives a tab bar that refuses the texts (mini-program outside a tab page)', () => {
    installTestPlatform()
    vi.spyOn(Taro, 'setTabBarItem').mockImplementation(() => {
      throw new Error('setTabBarItem:fail not TabBar page')
    })
    expect(() => setLocale('en-US')).not.toThrow()
    expect(tabBarTexts('zh-CN')).toEqual(['首页', '服务', '我的'])
  })
})
