import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCALE_WAIT_MS, initLocale, setLocale } from '../src/core/locale'
import { forgetFetchedLocalePacks, getDictionary, getLocale, hasLocalePack, loadLocalePack, localeStore } from '../src/i18n/store'
import { FETCH } from '../src/i18n/packs'
import LanguagePage from '../src/packages/users/language'
import { installTestPlatform } from './helpers'

// The real loader (a dynamic import of the English chunk), watched, and made to fail where asked.
const fetchEnglish = () => vi.spyOn(FETCH, 'en-US')

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  // Other tests expect English at hand (test/setup.ts).
  await loadLocalePack('en-US')
})

describe('H5: English is fetched when stored or chosen, not part of the start-up', () => {
  it('a stored English: calls speak English at once, the screens stay hidden until the texts arrive', async () => {
    installTestPlatform()
    forgetFetchedLocalePacks()
    localStorage.setItem('locale-lang', 'en-US')
    expect(hasLocalePack('en-US')).toBe(false)
    const fetch = fetchEnglish()

    expect(initLocale()).toBe('en-US')
    // accept-language follows getLocale(): English from the first call on.
    expect(getLocale()).toBe('en-US')
    expect(localeStore.getState().pending).toBe(true)
    expect(document.documentElement.lang).toBe('en-US')
    expect(fetch).toHaveBeenCalledTimes(1)

    await vi.waitFor(() => expect(localeStore.getState().pending).toBe(false))
    expect(getLocale()).toBe('en-US')
    expect(getDictionary().tabs.userCenter).toBe('My account')
  })

  it('a stored English that cannot be fetched: the app shows in Chinese and keeps the choice', async () => {
    installTestPlatform()
    forgetFetchedLocalePacks()
    localStorage.setItem('locale-lang', 'en-US')
    fetchEnglish().mockRejectedValueOnce(new Error('offline'))
    initLocale()
    await vi.waitFor(() => expect(localeStore.getState().pending).toBe(false))
    expect(getLocale()).toBe('zh-CN')
    expect(getDictionary().tabs.userCenter).toBe('我的')
    expect(localStorage.getItem('locale-lang')).toBe('en-US')
  })

  /** A returning visitor with English stored, whose English texts arrive only when `arrive()` is called. */
  const storedEnglishHeldBack = () => {
    installTestPlatform()
    forgetFetchedLocalePacks()
    localStorage.setItem('locale-lang', 'en-US')
    let release: () => void = () => undefined
    const real = FETCH['en-US']
    fetchEnglish().mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(real()))))
    return () => release()
  }

  it('a slow fetch does not keep the screens hidden: Chinese after the wait, English once it arrives', async () => {
    const arrive = storedEnglishHeldBack()
    vi.useFakeTimers()
    try {
      initLocale()
      expect(localeStore.getState().pending).toBe(true)
      vi.advanceTimersByTime(LOCALE_WAIT_MS - 1)
      expect(localeStore.getState().pending).toBe(true)
      vi.advanceTimersByTime(1)
      expect(localeStore.getState()).toEqual({ locale: 'zh-CN', pending: false })
    } finally {
      vi.useRealTimers()
    }
    arrive()
    await vi.waitFor(() => expect(getLocale()).toBe('en-US'))
    expect(getDictionary().tabs.home).toBe('Home')
  })

  it('English arriving after the user chose Chinese on the screens shown meanwhile changes nothing', async () => {
    const arrive = storedEnglishHeldBack()
    vi.useFakeTimers()
    try {
      initLocale()
      vi.advanceTimersByTime(LOCALE_WAIT_MS)
    } finally {
      vi.useRealTimers()
    }
    await setLocale('zh-CN')
    arrive()
    await vi.waitFor(() => expect(hasLocalePack('en-US')).toBe(true))
    await new Promise((r) => setTimeout(r, 0))
    expect(getLocale()).toBe('zh-CN')
    expect(localStorage.getItem('locale-lang')).toBe('zh-CN')
  })

  it('choosing English fetches it, then switches; a failed fetch changes nothing and says so', async () => {
    installTestPlatform()
    forgetFetchedLocalePacks()
    initLocale()
    fetchEnglish().mockRejectedValueOnce(new Error('offline'))
    await expect(setLocale('en-US')).rejects.toThrow('offline')
    expect(getLocale()).toBe('zh-CN')
    expect(localStorage.getItem('locale-lang')).toBeNull()

    await setLocale('en-US')
    expect(getLocale()).toBe('en-US')
    expect(localStorage.getItem('locale-lang')).toBe('en-US')
    expect(getDictionary().tabs.home).toBe('Home')
  })

  it('the language page tells the user, in the current language, when the switch failed', async () => {
    const toast = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
    installTestPlatform()
    forgetFetchedLocalePacks()
    initLocale()
    fetchEnglish().mockRejectedValueOnce(new Error('offline'))
    render(<LanguagePage />)
    await act(async () => void fireEvent.click(screen.getByTestId('lang-en-US')))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '语言切换失败，请检查网络后重试' })))
    expect(screen.getByTestId('lang-zh-CN').getAttribute('aria-checked')).toBe('true')
  })
})

