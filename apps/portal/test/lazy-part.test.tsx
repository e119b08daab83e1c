import { NETWORK_ABNORMAL_TEXT } from '@ess/contract/wire'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, lazyPart, whenUserActs } from '../src/components/lazy-part'
import Taro from '@tarojs/taro'
import { ConfirmHost } from '../src/components/confirm-host'
import { confirm, confirmStore, resetConfirm } from '../src/core/confirm'
import { installTestPlatform } from './helpers'

// The dialog's chunk cannot be fetched in this file (offline, or replaced by a new deployment).
vi.mock('../src/components/confirm-host/dialog', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

afterEach(() => {
  cleanup()
  resetConfirm()
  vi.restoreAllMocks()
})

const Hello = ({ name }: { name: string }) => <span>Hello {name}</span>

describe('parts of a screen loaded as chunks of their own (H5)', () => {
  it('renders once loaded, at once on later mounts, loading the chunk once', async () => {
    const load = vi.fn(() => Promise.resolve(Hello))
    const Part = lazyPart(load)
    const first = render(<Part name="A" />)
    expect(first.container.textContent).toBe('')
    expect(await screen.findByText('Hello A')).toBeTruthy()
    first.unmount()
    render(<Part name="B" />)
    expect(screen.getByText('Hello B')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('waits for the next paint when asked to (after an animation frame, in a task of its own)', async () => {
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    let done = false
    void afterNextPaint().then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(done).toBe(false)
    frames.forEach((callback) => callback(0))
    expect(done).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(done).toBe(true)
  })

  it('code a screen needs once used waits for the first tap or key, runs once, and can be called off', () => {
    const then = vi.fn()
    whenUserActs(then)
    document.body.dispatchEvent(new Event('scroll', { bubbles: true }))
    expect(then).not.toHaveBeenCalled()
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }))
    expect(then).toHaveBeenCalledTimes(1)
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }))
    expect(then).toHaveBeenCalledTimes(1)
    // Called off (the screen left before the user acted): nothing runs.
    const never = vi.fn()
    whenUserActs(never)()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(never).not.toHaveBeenCalled()
  })

  it('a chunk that cannot be loaded shows nothing, says so, and the next mount tries again', async () => {
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello)
    const Part = lazyPart(load)
    const failed = vi.fn()
    const first = render(<Part name="A" onLoadFailed={failed} />)
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1))
    expect(first.container.textContent).toBe('')
    first.unmount()
    render(<Part name="B" onLoadFailed={failed} />)
    expect(await screen.findByText('Hello B')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
    expect(failed).toHaveBeenCalledTimes(1)
  })

  it('the confirm dialog whose chunk cannot be loaded answers the request as cancelled, with the network message', async () => {
    installTestPlatform()
    const toast = vi.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
    render(<ConfirmHost />)
    let answer: Promise<boolean> | undefined
    act(() => void (answer = confirm({ title: 'Sure?' })))
    await expect(answer).resolves.toBe(false)
    expect(confirmStore.getState().current).toBeNull()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: NETWORK_ABNORMAL_TEXT['zh-CN'] }))
  })
})
