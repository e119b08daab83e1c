import Taro from '@tarojs/taro'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepTopPageShown } from '../src/platform/h5/page-shade'

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** Lets the MutationObserver's records arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("Taro's router's late page shade (platform/h5/page-shade.ts)", () => {
  it('takes the shade off the page on top of the stack, and only that one', async () => {
    document.body.innerHTML = `<div class="taro_router">
      <div class="taro_page taro_page_show taro_page_stationed" id="/pages/user-center/index?stamp=AA"></div>
      <div class="taro_page taro_page_show taro_page_stationed" id="/packages/users/service/index?stamp=AB"></div>
    </div>`
    vi.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ path: '/pages/user-center/index?stamp=AA' }, { path: '/packages/users/service/index?stamp=AB' }] as never)
    const stop = keepTopPageShown(document)
    const [under, top] = [...document.querySelectorAll('.taro_page')]
    // The timer of a page opened and left again within its slide-in, firing after Back.
    top!.classList.add('taro_page_shade')
    under!.classList.add('taro_page_shade')
    await settle()
    expect(top!.classList.contains('taro_page_shade')).toBe(false)
    expect(under!.classList.contains('taro_page_shade')).toBe(true)
    stop()
    top!.classList.add('taro_page_shade')
    await settle()
    expect(top!.classList.contains('taro_page_shade')).toBe(true)
  })
})
