/// <reference types="@tarojs/taro" />

declare module '*.png' {
  const src: string
  export default src
}
declare module '*.svg' {
  const src: string
  export default src
}
declare module '*.css'
declare module '*.scss'

/** Gateway origin injected by config/index.ts defineConstants: '' on H5 (same origin), absolute on weapp. */
declare const ESS_API_BASE: string
/**
 * WeChat appIds of the mini-programs a link item's `miniLink` opens (SPEC §3 healthMini, welfareMini),
 * from ESS_HEALTH_MINI_APPID / ESS_WELFARE_MINI_APPID at build time (config/index.ts).
 */
declare const ESS_MINI_PROGRAM_APPIDS: Partial<Record<import('@ess/contract/wire').MiniProgramId, string>>
/** package.json version of the portal. */
declare const ESS_APP_VERSION: string
/** The commit the portal was built from. */
declare const ESS_BUILD_ID: string
/** Outer apps' public keys by app id, from OUTER_APP_KEYS at build time (config/index.ts). */
declare const ESS_OUTER_APP_KEYS: Record<string, string>
/** Where the login page may return with the token (returnUrl), from ESS_RETURN_URLS at build time. */
declare const ESS_RETURN_URLS: string[]
/** What the web-view page may open (and CMS links lead to), from ESS_WEBVIEW_URLS at build time. */
declare const ESS_WEBVIEW_URLS: string[]

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5'
    TARO_PLATFORM: 'web' | 'mini'
    TARO_APP_ID: string
    ESS_GATEWAY_URL?: string
    ESS_HEALTH_MINI_APPID?: string
    ESS_WELFARE_MINI_APPID?: string
  }
}
