import Taro from '@tarojs/taro'
import type { NavigationAdapter } from '../types'

function routeOf(page: unknown): string {
  const p = page as { route?: string; path?: string } | undefined
  const raw = p?.route ?? p?.path ?? ''
  return raw.replace(/^\//, '').split('?')[0]
}

/** Taro's router: the same calls on H5 (hash routes) and in the mini-program. */
export function createTaroNavigation(): NavigationAdapter {
  const done = () => undefined
  return {
    switchTab: (url) => Taro.switchTab({ url }).then(done),
    navigateTo: (url) => Taro.navigateTo({ url }).then(done),
    redirectTo: (url) => Taro.redirectTo({ url }).then(done),
    reLaunch: (url) => Taro.reLaunch({ url }).then(done),
    navigateBack: (delta = 1) => Taro.navigateBack({ delta }).then(done),
    stackDepth: () => Taro.getCurrentPages().length,
    currentRoute: () => {
      const pages = Taro.getCurrentPages()
      return routeOf(pages[pages.length - 1])
    },
    stackRoutes: () => Taro.getCurrentPages().map(routeOf),
  }
}
