import { addLeadingSlash, getCurrentPage, stripBasename, stripSuffix } from '@tarojs/runtime'
import { initTabBarApis } from '@tarojs/plugin-platform-h5/dist/runtime/apis'
import Taro from '@tarojs/taro'
import './tab-bar.css'

/**
 * The web's tab bar, put by config/index.ts in place of Taro 4.2.1's (`@tarojs/router`'s
 * `initTabbar`, which draws the `taro-tabbar` Stencil web component: it kept Stencil's runtime in
 * the start-up JS, 25 KB of 176 in vendors.js, after `h5.useHtmlComponents` had removed every other
 * Stencil component). The same markup and class names (Taro's stylesheet, `tab-bar.css`), the same
 * router events and tab bar APIs (`Taro.switchTab`, `setTabBarItem`, badges, red dots, show/hide,
 * style), and the page's `onTabItemTap`. Unlike Taro's, each item is a real link to its tab (a
 * keyboard reaches and opens it, a screen reader reads it as a link, `aria-current` on the shown
 * tab) instead of an anchor to `javascript:;`, and it is drawn at once instead of on Stencil's next
 * frame.
 */

export interface TabBarItem {
  pagePath: string
  text: string
  iconPath?: string
  selectedIconPath?: string
  badgeText?: string | null
  showRedDot?: boolean
}

/** The app config's `tabBar` as Taro's router hands it, with the router's settings. */
export interface TabBarConfig {
  list: TabBarItem[]
  color?: string
  selectedColor?: string
  backgroundColor?: string
  borderStyle?: string
  custom?: boolean
}

export interface RouterConfig {
  tabBar?: TabBarConfig
  entryPagePath?: string
  pages?: string[]
  router?: { mode?: 'hash' | 'browser' | 'multi'; basename?: string; customRoutes?: Record<string, string | string[]> }
}

interface Handlers {
  successHandler: (result: { errMsg: string }) => void
  errorHandler: (result: { errMsg: string }) => void
}

const SHOWN = 0
const HIDDEN = 1
const SLID_OUT = 2

/** A url's path, without its query and fragment. */
const pathOf = (url: string) => url.replace(/[?#].*$/, '')

/**
 * Draws the tab bar into the router's `#container` and answers the tab bar's events. The router
 * calls it once, with the app config and its history; returns the element (nothing without a tab
 * bar, or with a custom one: Taro draws none then either).
 */
export function initTabbar(config: RouterConfig, history: { location: { pathname: string } }): HTMLElement | undefined {
  const conf = config.tabBar
  if (!conf || conf.custom) return undefined
  if (!Array.isArray(conf.list) || conf.list.length < 2 || conf.list.length > 5) throw new Error('tabBar 配置错误')
  const mode = config.router?.mode ?? 'hash'
  const basename = config.router?.basename
  const homePage = addLeadingSlash(history.location.pathname === '/' ? config.entryPagePath || config.pages?.[0] || '' : history.location.pathname)
  const customRoutes: Array<[string, string]> = []
  for (const [key, paths] of Object.entries(config.router?.customRoutes ?? {})) {
    for (const path of typeof paths === 'string' ? [paths] : paths) customRoutes.push([addLeadingSlash(key), addLeadingSlash(path)])
  }
  const list: TabBarItem[] = conf.list.map((item) => ({ ...item, pagePath: addLeadingSlash(item.pagePath) }))
  const style = { color: conf.color, selectedColor: conf.selectedColor, backgroundColor: conf.backgroundColor, borderStyle: conf.borderStyle }
  let selected = -1
  let status = SHOWN

  const originOf = (url: string) => stripSuffix(customRoutes.find(([, custom]) => pathOf(custom) === pathOf(url))?.[0] ?? url, '.html')
  const indexOf = (url: string) => list.findIndex(({ pagePath }) => pathOf(pagePath) === pathOf(url))
  const currentUrl = () => {
    const path = getCurrentPage(mode, basename)
    return decodeURI(path === '/' ? homePage : path)
  }

  const element = document.createElement('div')
  const bar = document.createElement('div')
  element.appendChild(bar)
  const items = list.map((item, index) => {
    const link = document.createElement('a')
    const holder = document.createElement('span')
    holder.className = 'weui-tabbar__holder'
    const icon = document.createElement('img')
    icon.className = 'weui-tabbar__icon'
    icon.alt = ''
    const badge = document.createElement('span')
    const label = document.createElement('p')
    label.className = 'weui-tabbar__label'
    holder.append(icon, badge)
    link.append(holder, label)
    link.href = mode === 'hash' ? `#${item.pagePath}` : `${basename ?? ''}${item.pagePath}`
    link.addEventListener('click', (event) => {
      // A plain click switches tabs through Taro's stack; a click that asks for a new tab or window keeps the link's own.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      const page = Taro.getCurrentPages()[0] as { onTabItemTap?: (tap: { index: number; pagePath: string; text: string }) => void } | undefined
      if (typeof page?.onTabItemTap === 'function' && element.offsetParent !== null) page.onTabItemTap({ index, pagePath: list[index]!.pagePath, text: list[index]!.text })
      switchTo(index)
    })
    bar.appendChild(link)
    return { link, icon, badge, label }
  })

  function draw() {
    const hidden = selected === -1 || status === HIDDEN
    element.className = ['taro-tabbar__tabbar', 'taro-tabbar__tabbar-bottom', ...(hidden ? ['taro-tabbar__tabbar-hide'] : []), ...(status === SLID_OUT ? ['taro-tabbar__tabbar-slideout'] : [])].join(' ')
    bar.className = `weui-tabbar taro-tabbar__border-${style.borderStyle || 'black'}`
    bar.style.backgroundColor = style.backgroundColor || ''
    list.forEach((item, index) => {
      const { link, icon, badge, label } = items[index]!
      const on = index === selected
      link.className = `weui-tabbar__item${on ? ' weui-bar__item_on' : ''}`
      if (on) link.setAttribute('aria-current', 'page')
      else link.removeAttribute('aria-current')
      // Icons are asked for once the bar is first shown: a launch at a page that is not a tab (a
      // sign-in, an article) fetched three pictures it never showed, beside the page's own files.
      const src = (on ? item.selectedIconPath : item.iconPath) ?? ''
      if ((!hidden || icon.hasAttribute('src')) && icon.getAttribute('src') !== src) icon.setAttribute('src', src)
      badge.className = item.badgeText ? 'weui-badge taro-tabbar-badge' : item.showRedDot ? 'weui-badge weui-badge_dot' : ''
      badge.textContent = item.badgeText || ''
      badge.hidden = !item.badgeText && !item.showRedDot
      label.textContent = item.text
      label.style.color = (on ? style.selectedColor : style.color) || ''
    })
  }

  function switchTo(index: number) {
    selected = index
    draw()
    void Taro.switchTab({ url: list[index]!.pagePath })
  }

  /** An event that changes item `index`, answered as Taro's tab bar answers it. */
  const onItem =
    (name: string, change: (item: TabBarItem, options: Record<string, unknown>) => void) =>
    ({ index, successHandler, errorHandler, ...options }: Handlers & { index: number }) => {
      const item = list[index]
      if (!item) return errorHandler({ errMsg: `${name}:fail tabbar item not found` })
      change(item, options)
      draw()
      successHandler({ errMsg: `${name}:ok` })
    }
  const onBar =
    (name: string, change: (options: Record<string, unknown>) => void) =>
    ({ successHandler, errorHandler: _, ...options }: Handlers) => {
      change(options)
      draw()
      successHandler({ errMsg: `${name}:ok` })
    }

  const handlers = {
    __taroRouterChange: (options?: { toLocation?: { path?: string } }) => {
      const to = options?.toLocation?.path
      const page = typeof to === 'string' ? stripBasename(addLeadingSlash(to || homePage), basename || '/') || '/' : currentUrl()
      selected = indexOf(originOf(page))
      draw()
    },
    __taroSwitchTab: ({ url, successHandler, errorHandler }: Handlers & { url: string }) => {
      const next = new URL(url, `http://tab${originOf(currentUrl() || homePage)}`).pathname
      const index = indexOf(next)
      if (index === -1) return errorHandler({ errMsg: `switchTab:fail page "${next}" is not found` })
      switchTo(index)
      successHandler({ errMsg: 'switchTab:ok' })
    },
    __taroSetTabBarBadge: onItem('setTabBarBadge', (item, { text }) => {
      item.showRedDot = false
      item.badgeText = text as string
    }),
    __taroRemoveTabBarBadge: onItem('removeTabBarBadge', (item) => {
      item.badgeText = null
    }),
    __taroShowTabBarRedDotHandler: onItem('showTabBarRedDot', (item) => {
      item.badgeText = null
      item.showRedDot = true
    }),
    __taroHideTabBarRedDotHandler: onItem('hideTabBarRedDot', (item) => {
      item.showRedDot = false
    }),
    __taroShowTabBar: onBar('showTabBar', () => {
      status = SHOWN
    }),
    __taroHideTabBar: onBar('hideTabBar', ({ animation }) => {
      status = animation ? SLID_OUT : HIDDEN
    }),
    __taroSetTabBarStyle: onBar('setTabBarStyle', (options) => {
      for (const key of ['color', 'selectedColor', 'backgroundColor', 'borderStyle'] as const) {
        if (options[key]) style[key] = options[key] as string
      }
    }),
    __taroSetTabBarItem: onItem('setTabBarItem', (item, { iconPath, selectedIconPath, text }) => {
      if (iconPath) item.iconPath = iconPath as string
      if (selectedIconPath) item.selectedIconPath = selectedIconPath as string
      if (text) item.text = text as string
    }),
  }
  for (const [event, handler] of Object.entries(handlers)) Taro.eventCenter.on(event, handler as Parameters<typeof Taro.eventCenter.on>[1])

  handlers.__taroRouterChange()
  document.getElementById('container')?.appendChild(element)
  initTabBarApis(config)
  return element
}
