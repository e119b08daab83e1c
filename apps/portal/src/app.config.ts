import { HOME_ROUTE, MAIN_PAGES, SUBPACKAGES, SUBPACKAGE_ROOTS } from '@ess/contract/wire'
import zhCN from './i18n/zh-CN'
import { BRAND } from './theme'

/**
 * Built from the contract's route list (SPEC §2): the main package holds MAIN_PAGES (home first,
 * the entry page), each subpackage root its pages. Taro reads this file with esbuild at build time,
 * so the imports are resolved then (test/app-config.test.ts checks the result).
 */
const pages = [HOME_ROUTE, ...MAIN_PAGES.filter((p) => p !== HOME_ROUTE)]

export default defineAppConfig({
  pages,
  subPackages: SUBPACKAGE_ROOTS.map((root) => ({ root, pages: [...SUBPACKAGES[root]] })),
  window: {
    navigationStyle: 'custom',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    navigationBarTitleText: zhCN.app.name,
    backgroundColor: '#f4f6f9',
    backgroundTextStyle: 'dark',
  },
  tabBar: {
    // AA contrast on white (the tab labels are small).
    color: '#646e7a',
    selectedColor: BRAND.primary,
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: [
      {
        pagePath: 'pages/home/index',
        text: zhCN.tabs.home,
        iconPath: './assets/tabbar/home.png',
        selectedIconPath: './assets/tabbar/home-active.png',
      },
      {
        pagePath: 'pages/service/index',
        text: zhCN.tabs.service,
        iconPath: './assets/tabbar/service.png',
        selectedIconPath: './assets/tabbar/service-active.png',
      },
      {
        pagePath: 'pages/user-center/index',
        text: zhCN.tabs.userCenter,
        iconPath: './assets/tabbar/user-center.png',
        selectedIconPath: './assets/tabbar/user-center-active.png',
      },
    ],
  },
})
