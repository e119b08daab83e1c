import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mountToastView, showToastView } from '../src/core/toast-view.h5'

const region = () => document.querySelector<HTMLElement>('[data-testid="toast"]')

describe("the web's toast (core/toast-view.h5.ts)", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows the message in one polite live region, with its icon, then hides it after its time', () => {
    showToastView({ title: '验证码已发送', icon: 'none', duration: 3000 })
    const shown = region()
    expect(shown?.getAttribute('role')).toBe('status')
    expect(shown?.getAttribute('aria-live')).toBe('polite')
    expect(shown?.textContent).toBe('验证码已发送')
    expect(shown?.className).toBe('ess-toast ess-toast--none ess-toast--shown')

    vi.advanceTimersByTime(2999)
    expect(region()?.classList.contains('ess-toast--shown')).toBe(true)
    vi.advanceTimersByTime(1)
    expect(region()?.classList.contains('ess-toast--shown')).toBe(false)
    expect(region()?.textContent).toBe('')
  })

  it('replaces the toast showing (one region; the new one gets its full time)', () => {
    showToastView({ title: 'first', icon: 'none', duration: 3000 })
    vi.advanceTimersByTime(2000)
    showToastView({ title: 'Signed in', icon: 'success', duration: 1500 })
    expect(document.querySelectorAll('[data-testid="toast"]')).toHaveLength(1)
    expect(region()?.textContent).toBe('Signed in')
    expect(region()?.className).toContain('ess-toast--success')
    vi.advanceTimersByTime(1499)
    expect(region()?.textContent).toBe('Signed in')
    vi.advanceTimersByTime(1)
    expect(region()?.textContent).toBe('')
  })

  it('has its empty region in the page from the start, and fills that one', () => {
    document.body.innerHTML = ''
    const made = mountToastView()
    expect(region()).toBe(made)
    expect(made?.getAttribute('role')).toBe('status')
    expect(made?.textContent).toBe('')
    expect(made?.classList.contains('ess-toast--shown')).toBe(false)
    expect(mountToastView()).toBe(made)
    showToastView({ title: '已保存', icon: 'success', duration: 1000 })
    expect(region()).toBe(made)
    expect(made?.textContent).toBe('已保存')
  })

  it('makes its region again when the page lost it', () => {
    showToastView({ title: 'one', icon: 'none', duration: 3000 })
    region()?.remove()
    showToastView({ title: 'two', icon: 'error', duration: 3000 })
    expect(region()?.textContent).toBe('two')
    expect(region()?.isConnected).toBe(true)
  })
})
