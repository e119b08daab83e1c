import { act, cleanup, fireEvent, render } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import PullDownRefresh, { PULL_TO_REFRESH_PX } from '../src/platform/h5/pull-down-refresh'

afterEach(cleanup)

/** A page element as Taro's router makes it (`__page` is the page instance), scrolled to `scrollTop`. */
function mountPage(scrollTop = 0) {
  const onPullDownRefresh = vi.fn()
  const page = document.createElement('div')
  page.className = 'taro_page'
  Object.assign(page, { __page: { onPullDownRefresh } })
  page.scrollTop = scrollTop
  document.body.appendChild(page)
  const view = render(<PullDownRefresh>content</PullDownRefresh>, { container: page })
  const content = page.querySelector('.rmc-pull-to-refresh-content') as HTMLElement
  return { page, content, onPullDownRefresh, view }
}

const touch = (y: number) => ({ touches: [{ clientY: y }] })

/** A drag from y = 100 down by `by` px, then let go. */
function drag(page: HTMLElement, by: number) {
  fireEvent.touchStart(page, touch(100))
  for (let y = 110; y <= 100 + by; y += 10) fireEvent.touchMove(page, touch(y))
  fireEvent.touchEnd(page)
}

describe('the web page pull-down refresh', () => {
  it('a pull past the distance at the top refreshes the page, shows the dots until stopped, then slides back', async () => {
    const { page, content, onPullDownRefresh } = mountPage()
    drag(page, PULL_TO_REFRESH_PX * 2 + 40)
    expect(onPullDownRefresh).toHaveBeenCalledTimes(1)
    expect(content.dataset.pull).toBe('refreshing')
    expect(page.querySelector('.rmc-pull-to-refresh-indicator')).not.toBeNull()
    expect(content.style.transform).toContain(`${PULL_TO_REFRESH_PX}px`)
    // Another pull while it refreshes does not ask again.
    drag(page, 200)
    expect(onPullDownRefresh).toHaveBeenCalledTimes(1)
    await act(() => Taro.stopPullDownRefresh())
    expect(content.dataset.pull).toBe('idle')
    expect(content.style.transform).toBe('')
    expect(page.querySelector('.rmc-pull-to-refresh-indicator')).toBeNull()
  })

  it('a short pull slides back without refreshing', () => {
    const { page, content, onPullDownRefresh } = mountPage()
    fireEvent.touchStart(page, touch(100))
    fireEvent.touchMove(page, touch(140))
    expect(content.dataset.pull).toBe('pulling')
    expect(content.style.transform).toContain('20px')
    fireEvent.touchEnd(page)
    expect(onPullDownRefresh).not.toHaveBeenCalled()
    expect(content.dataset.pull).toBe('idle')
    expect(content.style.transform).toBe('')
  })

  it('leaves a drag on a page scrolled down to the browser (it scrolls back up), and an upward drag too', () => {
    const { page, content, onPullDownRefresh } = mountPage(300)
    fireEvent.touchStart(page, touch(100))
    const move = new TouchEvent('touchmove', { cancelable: true })
    Object.defineProperty(move, 'touches', { value: [{ clientY: 300 }] })
    page.dispatchEvent(move)
    expect(move.defaultPrevented).toBe(false)
    fireEvent.touchEnd(page)
    expect(onPullDownRefresh).not.toHaveBeenCalled()
    expect(content.style.transform).toBe('')
    page.scrollTop = 0
    fireEvent.touchStart(page, touch(300))
    fireEvent.touchMove(page, touch(100))
    fireEvent.touchEnd(page)
    expect(onPullDownRefresh).not.toHaveBeenCalled()
  })

  it('Taro.startPullDownRefresh starts one as a pull does; unmounted, it stops listening', async () => {
    const { page, onPullDownRefresh, view } = mountPage()
    await act(() => Taro.startPullDownRefresh())
    expect(onPullDownRefresh).toHaveBeenCalledTimes(1)
    await act(() => Taro.stopPullDownRefresh())
    view.unmount()
    drag(page, 200)
    expect(onPullDownRefresh).toHaveBeenCalledTimes(1)
  })
})
