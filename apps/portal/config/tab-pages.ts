/**
 * The tab pages (the contract's TAB_ROUTES, test/lazy-chunks.test.ts checks the two agree): the build
 * config cannot import the contract's TypeScript (Taro loads config/ with its own compiler only).
 */
export const TAB_PAGES = ['pages/home/index', 'pages/service/index', 'pages/user-center/index'] as const
