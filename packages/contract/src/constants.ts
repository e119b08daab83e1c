/** Business constants and limits of SPEC §9, plus the few the gateway and client must agree on. */
export const HTTP_TIMEOUT_MS = 10_000
export const FLOOR_REFETCH_WINDOW_S = 600
export const PUBLIC_KEY_CACHE_S = 1200
export const JUMP_RESUME_WINDOW_S = 120
export const AUTO_JUMP_GUARD_S = 5
export const DEFAULT_CP_APP_ID = '101'
export const DEFAULT_CP_AUTH_TYPE = '0'
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 20
export const REAL_NAME_VALIDITY_DAYS = 90
export const DEFAULT_TOAST_MS = 3000
export const LEAVE_PAGE_TOAST_MS = 1200
export const LOGIN_NAV_DELAY_WEB_MS = 500
export const QUICK_LOGIN_OLD_SESSION_RETRIES = 2
export const PRIVACY_PERIODS = ['7d', '30d', '1y'] as const
export type PrivacyPeriod = (typeof PRIVACY_PERIODS)[number]
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000
export const DOWNLOAD_LINK_RELEASE_MS = 40_000
/** Generated ids (the device uuid): nanoid's 64-character URL-safe alphabet, length 21. */
export const GENERATED_ID_ALPHABET =
  'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'
export const GENERATED_ID_LENGTH = 21
export const DESIGN_WIDTH = 750
export const UI_KIT_DESIGN_WIDTH = 375
export const BASE_FONT_SIZE = 20
/** The SPEC leaves the resend countdown open; sign-in (issue 3) fixes resends at no sooner than 60 s. */
export const CODE_RESEND_COUNTDOWN_S = 60
/** The longest resend interval an operator may set (CODE_RESEND_SECONDS): as long as a code lives (CODE_TTL_S). */
export const CODE_RESEND_MAX_S = 300

/** Success code of the envelope (SPEC §7). */
export const OK_CODE = 200

/** Window of the request signature: a `_t` further than this from the server clock is stale. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000
/** The default app id sent as `_aid` by the portal. */
export const PORTAL_APP_ID = DEFAULT_CP_APP_ID

/** Shown in the "account abnormal" (100400) dialog; a deployment may override it in the gateway config. */
export const SERVICE_PHONE = '400-820-6688'

/** Inner jump destinations (SPEC §3) and mini-program ids. */
export const INNER_JUMP_DESTINATIONS = ['medClaims', 'payment', 'insurance', 'checkUp'] as const
export type InnerJumpDestination = (typeof INNER_JUMP_DESTINATIONS)[number]
export const MINI_PROGRAM_IDS = ['healthMini', 'welfareMini'] as const
export type MiniProgramId = (typeof MINI_PROGRAM_IDS)[number]
/**
 * A link item's `miniLink` that opens one of those mini-programs (wx.navigateToMiniProgram):
 * `mini:<id>`, then optionally `/<page path>` in that mini-program and `?<query>`, e.g.
 * `mini:welfareMini/pages/mall/index?from=ess`. Their WeChat appIds are configuration of the
 * mini-program build (ESS_HEALTH_MINI_APPID, ESS_WELFARE_MINI_APPID). Groups: id, path, query.
 */
export const MINI_LINK_PATTERN = new RegExp(`^mini:(${MINI_PROGRAM_IDS.join('|')})(?:/([\\w\\-./]*))?(?:\\?([^#\\s]*))?$`)

/** Page codes of the CMS (SPEC §3). */
export const PAGE_CODES = { home: 'homepage', services: 'servicegrid' } as const

/** The id of the JSON data block of the H5 page that carries the launch's floors (`LaunchData`). */
export const LAUNCH_DATA_ID = 'ess-launch'

/** The mark in the H5 page's head that the gateway replaces with that block (before the page's script that reads it). */
export const LAUNCH_DATA_MARK = '<!--ess-launch-->'

/** The CMS pages whose floors the H5 page carries (the first page's: home). */
export const LAUNCH_PAGE_CODES: readonly string[] = [PAGE_CODES.home]
