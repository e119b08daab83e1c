/**
 * The routes of SPEC §2 (51 pages in the main package and eight subpackages) and the routes of
 * our own beyond the SPEC (`EXTRA_ROUTES`: the devices and sign-in history of account security,
 * the notices inbox). The portal's app
 * config, its page titles and the browser tests are all generated from this list. On H5 each is a
 * hash route `#/<path>`; a path without `/index` is a page file of that name.
 */

export const MAIN_PAGES = [
  'pages/home/index',
  'pages/service/index',
  'pages/user-center/index',
  'pages/user-center/user-info/index',
  'pages/user-center/detail',
  'pages/login/index',
  'pages/jump/transition/index',
  'pages/template/middlePage/index',
] as const

export const SUBPACKAGES = {
  'packages/safety': [
    'findPasswd', 'updatePasswd', 'receptPasswd', 'getPasswdByPhone', 'getPasswdByEmail', 'bindPhone',
    'accountCancel', 'confirmCancel', 'bindPhoneNum', 'changePhone', 'changeEmail', 'authentication',
    'bindEmail', 'changePwdOptions', 'authList', 'accountInfo4FindPwd',
    // Beyond the SPEC: devices signed in and the sign-in history (Keycloak's "device activity"),
    // and the third-party binding list (SPEC §2 screen content, no route of its own there).
    'devices',
    'thirdParty',
  ],
  'packages/users': [
    'help/index', 'help/more', 'service/index', 'service/header', 'service/world', 'account/index',
    'identity/success', 'identity/fail', 'language/index', 'version/index', 'setting/index',
    'setting/privacyList', 'setting/pushSet', 'setting/singleList', 'setting/thirdInfoList',
    // Beyond the SPEC: the notices inbox (push kinds switched on, and security notices).
    'notices/index',
  ],
  'packages/auth': ['bankCardAuthentication', 'idNumberAuthentication', 'realNameAuthOption'],
  'packages/user-center': ['settings/config/index'],
  'packages/login': ['login-type/index', 'register/index', 'shutdown-notice'],
  'packages/webview': ['index'],
  'packages/news': ['index', 'newsDetail', 'service-guide/index'],
  'packages/error': ['thirdPartAddress'],
} as const

type SubpackageRoot = keyof typeof SUBPACKAGES
type SubpackagePath = {
  [R in SubpackageRoot]: `${R}/${(typeof SUBPACKAGES)[R][number]}`
}[SubpackageRoot]

export type RoutePath = (typeof MAIN_PAGES)[number] | SubpackagePath

export const SUBPACKAGE_ROOTS = Object.keys(SUBPACKAGES) as SubpackageRoot[]

export const ROUTES: readonly RoutePath[] = [
  ...MAIN_PAGES,
  ...SUBPACKAGE_ROOTS.flatMap((root) => SUBPACKAGES[root].map((page) => `${root}/${page}` as RoutePath)),
]

export const TAB_ROUTES = ['pages/home/index', 'pages/service/index', 'pages/user-center/index'] as const
export type TabRoute = (typeof TAB_ROUTES)[number]
export const HOME_ROUTE: TabRoute = 'pages/home/index'

/** Routes of our own beyond the 51 of SPEC §2. */
export const EXTRA_ROUTES: readonly RoutePath[] = ['packages/safety/devices', 'packages/safety/thirdParty', 'packages/users/notices/index']

/** Pages with pull-down refresh (SPEC §2). */
export const PULL_DOWN_REFRESH_ROUTES: readonly RoutePath[] = ['pages/home/index', 'pages/service/index']

export const ROUTE_PATHS = {
  home: 'pages/home/index',
  service: 'pages/service/index',
  userCenter: 'pages/user-center/index',
  userInfo: 'pages/user-center/user-info/index',
  userDetail: 'pages/user-center/detail',
  miniLogin: 'pages/login/index',
  jumpTransition: 'pages/jump/transition/index',
  middlePage: 'pages/template/middlePage/index',
  login: 'packages/login/login-type/index',
  register: 'packages/login/register/index',
  shutdownNotice: 'packages/login/shutdown-notice',
  language: 'packages/users/language/index',
  realNameAuthOption: 'packages/auth/realNameAuthOption',
  idNumberAuthentication: 'packages/auth/idNumberAuthentication',
  bankCardAuthentication: 'packages/auth/bankCardAuthentication',
  identitySuccess: 'packages/users/identity/success',
  identityFail: 'packages/users/identity/fail',
  webview: 'packages/webview/index',
  news: 'packages/news/index',
  newsDetail: 'packages/news/newsDetail',
  serviceGuide: 'packages/news/service-guide/index',
  thirdPartAddress: 'packages/error/thirdPartAddress',
  accountSecurity: 'packages/users/account/index',
  devices: 'packages/safety/devices',
  thirdParty: 'packages/safety/thirdParty',
  authList: 'packages/safety/authList',
  findPasswd: 'packages/safety/findPasswd',
  settings: 'packages/users/setting/index',
  help: 'packages/users/help/index',
  helpMore: 'packages/users/help/more',
  customerService: 'packages/users/service/index',
  serviceRegions: 'packages/users/service/header',
  serviceAssistant: 'packages/users/service/world',
  notices: 'packages/users/notices/index',
  version: 'packages/users/version/index',
} as const satisfies Record<string, RoutePath>

export function isTabRoute(path: string): path is TabRoute {
  return (TAB_ROUTES as readonly string[]).includes(path.replace(/^\//, ''))
}

export function isRoutePath(path: string): path is RoutePath {
  return (ROUTES as readonly string[]).includes(path.replace(/^\//, ''))
}
