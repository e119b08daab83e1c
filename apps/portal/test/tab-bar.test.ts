import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import appConfig from '../src/app.config'
import { initTabbar, type RouterConfig } from '../src/platform/h5/tab-bar'

// app.config.ts calls Taro's build-time global.
vi.hoisted(() => Object.assign(globalThis, { defineAppConfig: (config: unknown) => config }))

const EVENTS = [
  '__taroRouterChange',
  '__taroSwitchTab',
  '__taroSetTabBarBadge',
  '__taroRemoveTabBarBadge',
  '__taroShowTabBarRedDotHandler',
  '__taroHideTabBarRedDotHandler',
  '__taroShowTabBar',
  '__taroHideTabBar',
  '__taroSetTabBarStyle',
  '__taroSetTabBarItem',
]

/** The app config as Taro's router hands it to the tab bar (hash mode), in a `#container` as the router makes it. */
function mount(hash = '#/pages/home/index') {
  window.location.hash = hash
  const container = document.createElement('div')
  container.id = 'container'
  document.body.appendChild(container)
  const config = { ...appConfig, tabBar: structuredClone(appConfig.tabBar), router: { mode: 'hash' } } as unknown as RouterConfig
  const element = initTabbar(config, { location: { pathname: hash.slice(1) } })!
  const links = () => [...element.querySelectorAll<HTMLAnchorElement>('.weui-tabbar__item')]
  return { element, links }
}

/** `#rrggbb` as the DOM reads a colour back. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`

beforeEach(() => {
  vi.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' } as never)
})

afterEach(() => {
  for (const event of EVENTS) Taro.eventCenter.off(event)
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('the web tab bar (platform/h5/tab-bar.ts, in place of Taro’s Stencil one)', () => {
  it('draws one link per tab with its label and icon, the shown tab marked, in the router’s container', () => {
    const { element, links } = mount('#/pages/service/index')
    expect(element.parentElement?.id).toBe('container')
    expect(element.className).toBe('taro-tabbar__tabbar taro-tabbar__tabbar-bottom')
    expect(links().map((link) => link.getAttribute('href'))).toEqual(['#/pages/home/index', '#/pages/service/index', '#/pages/user-center/index'])
    expect(links().map((link) => link.textContent)).toEqual(appConfig.tabBar!.list.map((item) => item.text))
    expect(links().map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null])
    expect(links()[1]!.className).toBe('weui-tabbar__item weui-bar__item_on')
    const icons = links().map((link) => link.querySelector('img')!)
    expect(icons.map((icon) => icon.getAttribute('src'))).toEqual([
      appConfig.tabBar!.list[0]!.iconPath,
      appConfig.tabBar!.list[1]!.selectedIconPath,
      appConfig.tabBar!.list[2]!.iconPath,
    ])
    // The icons are decoration: the label names the link.
    expect(icons.every((icon) => icon.alt === '')).toBe(true)
    expect(links()[1]!.querySelector('p')!.style.color).toBe(rgb(appConfig.tabBar!.selectedColor!))
    expect(links()[0]!.querySelector('p')!.style.color).toBe(rgb(appConfig.tabBar!.color!))
  })

  it('switches tabs through Taro on a click, calling the page’s onTabItemTap; a click asking for a new tab keeps the link', () => {
    const { links } = mount()
    const onTabItemTap = vi.fn()
    vi.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ onTabItemTap }] as never)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    links()[2]!.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/user-center/index' })
    expect(links()[2]!.getAttribute('aria-current')).toBe('page')
    // onTabItemTap only when the bar is shown (jsdom lays nothing out: offsetParent is null).
    expect(onTabItemTap).not.toHaveBeenCalled()
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true })
    links()[1]!.dispatchEvent(newTab)
    expect(newTab.defaultPrevented).toBe(false)
    expect(Taro.switchTab).toHaveBeenCalledTimes(1)
  })

  it('follows the router, and hides itself on a page that is not a tab', () => {
    const { element, links } = mount()
    Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/pages/user-center/index' } })
    expect(links().map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'page'])
    expect(element.classList.contains('taro-tabbar__tabbar-hide')).toBe(false)
    Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/packages/news/newsDetail?id=1' } })
    expect(element.classList.contains('taro-tabbar__tabbar-hide')).toBe(true)
    expect(links().some((link) => link.hasAttribute('aria-current'))).toBe(false)
  })

  it('asks for its icons only once it is shown: a launch at a page that is not a tab fetches none', () => {
    const { links } = mount('#/pages/login/index')
    const icons = () => links().map((link) => link.querySelector('img')!.getAttribute('src'))
    expect(icons()).toEqual([null, null, null])
    Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/pages/home/index' } })
    const [home, service, me] = appConfig.tabBar!.list
    expect(icons()).toEqual([home!.selectedIconPath, service!.iconPath, me!.iconPath])
    // Hidden again on a page that is not a tab, it keeps what it has (no new request, nothing lost).
    Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/pages/login/index' } })
    expect(icons()).toEqual([home!.iconPath, service!.iconPath, me!.iconPath])
  })

  it('answers the tab bar APIs: item texts, badges, red dots, style, hide and show; an unknown item fails', async () => {
    const { element, links } = mount()
    await Taro.setTabBarItem({ index: 1, text: 'Services' })
    expect(links()[1]!.textContent).toBe('Services')
    await Taro.setTabBarBadge({ index: 2, text: '3' })
    const badge = links()[2]!.querySelector('.taro-tabbar-badge')!
    expect(badge.textContent).toBe('3')
    await Taro.showTabBarRedDot({ index: 2 })
    expect(links()[2]!.querySelector('.taro-tabbar-badge')).toBeNull()
    expect(links()[2]!.querySelector('.weui-badge_dot')).not.toBeNull()
    await Taro.hideTabBarRedDot({ index: 2 })
    expect(links()[2]!.querySelector('.weui-badge')).toBeNull()
    await Taro.setTabBarStyle({ backgroundColor: '#000000', color: '#ffffff', selectedColor: '#ff0000', borderStyle: 'black' })
    expect(element.querySelector<HTMLElement>('.weui-tabbar')!.style.backgroundColor).toBe('rgb(0, 0, 0)')
    expect(element.querySelector('.weui-tabbar')!.className).toBe('weui-tabbar taro-tabbar__border-black')
    await Taro.hideTabBar({ animation: true })
    expect(element.classList.contains('taro-tabbar__tabbar-slideout')).toBe(true)
    await Taro.showTabBar({})
    expect(element.classList.contains('taro-tabbar__tabbar-slideout')).toBe(false)
    await expect(Taro.setTabBarBadge({ index: 4, text: '1' })).rejects.toMatchObject({ errMsg: expect.stringContaining('tabbar item not found') })
  })

  it('switches on Taro.switchTab to a tab, relative paths included; a page that is not a tab fails', async () => {
    const { links } = mount('#/pages/service/index')
    const success = vi.fn()
    const failure = vi.fn()
    Taro.eventCenter.trigger('__taroSwitchTab', { url: '../user-center/index', successHandler: success, errorHandler: failure })
    expect(success).toHaveBeenCalledWith({ errMsg: 'switchTab:ok' })
    expect(links()[2]!.getAttribute('aria-current')).toBe('page')
    Taro.eventCenter.trigger('__taroSwitchTab', { url: '/packages/news/index', successHandler: success, errorHandler: failure })
    expect(failure).toHaveBeenCalledWith({ errMsg: 'switchTab:fail page "/packages/news/index" is not found' })
  })

  it('draws nothing for a custom tab bar, and refuses a list of one tab', () => {
    expect(initTabbar({ tabBar: { custom: true, list: [] } }, { location: { pathname: '/' } })).toBeUndefined()
    expect(() => initTabbar({ tabBar: { list: [{ pagePath: 'a', text: 'a' }] } }, { location: { pathname: '/' } })).toThrow('tabBar 配置错误')
  })
})
