import type { CallAccess, CallDef, CallInput, CallResult, HttpMethod } from './define'
import type { calls } from './index'

/**
 * The calls as they travel, without their schemas: method, path, who may make them, where the
 * input goes, and the values and patterns their fields take. Plain data, so the portal's start-up
 * (request client, stores, floors) carries no validation library; the zod definitions of the same
 * calls (`calls`, used by the gateway and the portal's forms) are built on these entries.
 */
export interface CallWire {
  method: HttpMethod
  /** Path under the `/app` prefix, e.g. `/user/api/dict/list`. */
  path: string
  access: CallAccess
  /**
   * A 'user' or 'certified' call the user may still make while a newer version of a required
   * agreement waits for their signature (every other such call answers 430 PRIVACY_REAGREE):
   * reading and signing agreements, logging out.
   */
  reagreeExempt?: boolean
  /**
   * Where the input travels: the query string, or a JSON body; absent when the call takes none.
   * A POST may take query parameters only (SSO ssoLogin): it sends them in the query and an empty body.
   */
  input?: 'query' | 'body'
}

// Values of the fields (the schemas in ./<domain>.ts check them).

/** The region of the phone dictionary (`dict/list?type=phoneRegion`, China first). */
export const DEFAULT_PHONE_REGION = 'CN'
/** Numbers outside the Chinese mainland: 4 to 14 digits after the dialling code (E.164 allows 15 in all). */
export const INTERNATIONAL_MOBILE = /^\d{4,14}$/

/** Dictionaries the shell needs (gender F/M/U, ID types, nationalities, phone regions with +86 first). */
export const DICT_TYPES = ['gender', 'idType', 'nationality', 'phoneRegion'] as const
export type DictType = (typeof DICT_TYPES)[number]
export const GENDERS = ['F', 'M', 'U'] as const
export type Gender = (typeof GENDERS)[number]

/**
 * Agreement sets by `type` (SPEC §7 getAppAgreements, default 1):
 * 1 = what a user agrees to to use the app (user agreement + privacy policy);
 * 2 = the account-cancellation agreement.
 */
export const AGREEMENT_TYPES = ['1', '2'] as const
export type AgreementType = (typeof AGREEMENT_TYPES)[number]
export const AGREEMENT_CODES = ['user', 'privacy', 'cancellation'] as const
export type AgreementCode = (typeof AGREEMENT_CODES)[number]

/** Password transport: RSA-OAEP with SHA-256 (GUIDE §2); the key is cached PUBLIC_KEY_CACHE_S by the client. */
export const PASSWORD_CIPHER = 'RSA-OAEP-256' as const
/**
 * The login state (SPEC §3): an opaque access token the client sends as `_tk`, and a refresh token
 * for `login/refreshToken` (empty after a quick login). Both are random; the gateway keeps only
 * their SHA-256, so either can be revoked.
 */
export const ACCESS_TOKEN_TTL_S = 2 * 60 * 60
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60

/**
 * Slider puzzle. `getCaptcha` hands out a background with a piece cut out at a random place and
 * the piece itself; the user drags the piece along x. `checkCaptcha` takes where it was dropped
 * (the piece's left edge, in background pixels) and the trail of the drag. A puzzle answers one
 * check; a passed one yields a captcha token that `sendPhoneCode`, `sendEmailCode` and
 * `loginByAccount` take once.
 */
export const CAPTCHA_WIDTH = 320
export const CAPTCHA_HEIGHT = 160
/** The piece's bounding box, knobs included. */
export const CAPTCHA_PIECE_SIZE = 60
/** How far from the cut-out a drop may land, in background pixels. */
export const CAPTCHA_TOLERANCE_PX = 5
/** Lifetime of a puzzle and of the token of a passed one. */
export const CAPTCHA_TTL_S = 120
export const CAPTCHA_TOKEN_TTL_S = 120
/** A human drag lasts at least this long, and is recorded as at least this many points. */
export const CAPTCHA_MIN_SLIDE_MS = 150
export const CAPTCHA_MIN_TRAIL_POINTS = 8
export const CAPTCHA_MAX_TRAIL_POINTS = 1000

/**
 * The puzzle's alternative for people who cannot see it (docs/accessibility.md): a proof of work.
 * `getCaptchaWork` hands out a random challenge and a difficulty in bits; the client finds a nonce
 * (decimal digits) such that SHA-256 of `challenge:nonce` (UTF-8) starts with that many zero bits,
 * and `checkCaptchaWork` trades a right one for the same single-use captcha token as a solved
 * puzzle. A client may take CAPTCHA_WORK_PER_CLIENT_PER_HOUR challenges an hour, fewer than the
 * puzzles it may draw: a script can pay the work as it can fake a drag, but pays it every time,
 * within a smaller budget.
 */
export const CAPTCHA_WORK_TTL_S = 120
export const CAPTCHA_WORK_PER_CLIENT_PER_HOUR = 10
/** A nonce is at most this many decimal digits (2^53 is 16). */
export const CAPTCHA_WORK_NONCE_MAX_DIGITS = 16

/**
 * Verification codes: 6 digits, valid CODE_TTL_S, at most CODE_MAX_TRIES tries, bound to the
 * scene and the destination they were sent to; a new one no sooner than CODE_RESEND_COUNTDOWN_S.
 */
export const CODE_TTL_S = 300
export const CODE_MAX_TRIES = 5
/** What a code sent to a given phone or email is for. */
/** `realName`: the phone a bank holds for a card, in the bank-card real-name verification. */
export const CODE_SCENES = ['register', 'login', 'resetPassword', 'bind', 'realName'] as const
export type CodeScene = (typeof CODE_SCENES)[number]
/** There is no sign-in by email code. */
export const EMAIL_CODE_SCENES = ['register', 'resetPassword', 'bind'] as const
/** What a code sent to the logged-in user's own phone or email is for (re-authentication). */
export const PASS_CODE_SCENES = ['verifyIdentity', 'updatePassword', 'cancelAccount'] as const
export type PassCodeScene = (typeof PASS_CODE_SCENES)[number]

/** How the user proved who they are (real-name verification, ./certification.ts). */
export const CERTIFICATION_METHODS = ['idNumber', 'bankCard'] as const
export type CertificationMethod = (typeof CERTIFICATION_METHODS)[number]
/** The `idType` dictionary value of the resident ID card, the document of the ID-number checks. */
export const RESIDENT_ID_TYPE = 'ID_CARD'
/** Usernames: 4-20 letters, digits or underscores, starting with a letter (kept in lower case). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/
/** Mainland postcodes: 6 digits. */
export const POSTCODE_PATTERN = /^\d{6}$/
/** Avatars: PNG, JPEG or WebP, at most this many bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

/** How long a preview link of the console (a page's draft in the portal) works. */
export const PREVIEW_TTL_S = 15 * 60
/** The portal route's query parameter carrying a preview token. */
export const PREVIEW_PARAM = 'preview'

export const PAGE_CODE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/
/**
 * Inner jumps (SPEC §3, §6, §7): a one-time code for the provider's older system, bound to the
 * user and the app, single use, valid GRANT_CODE_TTL_S. Destinations medClaims, payment, insurance
 * and checkUp need login and real-name verification. The browser then goes to
 * `<legacyLoginUrl>?code&redirect&lang&openId&source` (loginByCodeAndRedirect).
 */
export const GRANT_CODE_TTL_S = 120
export const AUTH_APP_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/

/**
 * Quick login (SPEC §4, mini-program): a jump into the mini-program from the health mini-program
 * ('hm') carries `action=quickLogin`, `source=hm` and a `token` (see ./sso.ts).
 */
export const QUICK_LOGIN_SOURCES = ['hm'] as const

/**
 * Account security (SPEC §1, §6; ./security.ts). A sensitive change (password, phone, email,
 * unbinding, cancellation) needs an identity check first: one of IDENTITY_METHODS passed opens a
 * privileged window of PRIVILEGED_WINDOW_S bound to the login (the session family); the change
 * calls answer IDENTITY_CHECK_REQUIRED without it. Failed checks of one user are capped per day.
 */
export const IDENTITY_METHODS = ['sms', 'email', 'password', 'idNumber', 'bankCard'] as const
export type IdentityMethod = (typeof IDENTITY_METHODS)[number]
export const PRIVILEGED_WINDOW_S = 10 * 60
export const IDENTITY_CHECK_DAILY_FAILURES = 10
/** Password recovery: a code (or a real-name match) gives a single-use ticket valid this long. */
export const RESET_TICKET_TTL_S = 10 * 60
/** A new password may not be one of the account's last this many passwords (the current one included). */
export const PASSWORD_HISTORY_SIZE = 5
/**
 * What a cancellation deletes, as the checklist of `security/cancellationInfo` names it (the
 * account, its contacts and username, the real-name link, third-party bindings, devices and history,
 * notices). What stays: a record without personal data (account id, when, by whom).
 */
export const CANCELLATION_LOSSES = ['profile', 'contacts', 'realName', 'bindings', 'history', 'services'] as const
export type CancellationLoss = (typeof CANCELLATION_LOSSES)[number]
/**
 * Third-party accounts (SPEC §1, §2; ./third-party.ts): sign-in and binding through a provider's
 * OAuth 2.0 authorization-code flow. The browser goes to the provider, which returns to the
 * gateway's callback; the gateway answers the portal with a single-use ticket for the device that
 * started it. An external account not yet bound gives a bindLoginToken valid BIND_LOGIN_TTL_S.
 */
export const THIRD_PARTY_PROVIDERS = ['wechat', 'qq', 'weibo'] as const
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number]
export const OAUTH_PURPOSES = ['login', 'bind'] as const
export type OAuthPurpose = (typeof OAUTH_PURPOSES)[number]
/** How long the user has at the provider (the state), and to finish binding an unbound account. */
export const OAUTH_STATE_TTL_S = 10 * 60
export const BIND_LOGIN_TTL_S = 10 * 60
/** The portal reads these query parameters on the page the callback returns to. */
export const OAUTH_RETURN_PARAMS = { ticket: 'oauthTicket', error: 'oauthError', provider: 'oauthProvider' } as const
/** Devices and sign-in history: how far back the security events go. */
export const SECURITY_HISTORY_DAYS = 30
/** What the security history records. */
export const SECURITY_EVENT_TYPES = [
  'signIn',
  'signInFailed',
  'accountLocked',
  'identityVerified',
  'identityCheckFailed',
  'passwordChanged',
  'passwordReset',
  'phoneChanged',
  'emailChanged',
  'thirdPartyBound',
  'thirdPartyUnbound',
  'phoneUnbound',
  'emailUnbound',
  'sessionRevoked',
] as const
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number]
/** Device types of a session, read from its user agent and `_c` client type. */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'miniProgram', 'app', 'unknown'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]

/**
 * Privacy (SPEC §1, §7, §9; ./privacy.ts). What the portal collects about a person, by information
 * type, each collection recorded with its scene (the ledger of the gateway's privacy module).
 */
export const PRIVACY_INFO_TYPES = [
  'phone',
  'email',
  'deviceId',
  'ipAddress',
  'name',
  'idNumber',
  'bankCard',
  'bankPhone',
  'profile',
  'avatar',
  'thirdPartyAccount',
] as const
export type PrivacyInfoType = (typeof PRIVACY_INFO_TYPES)[number]
/** Where a collection happened. */
export const PRIVACY_SCENES = ['register', 'signIn', 'realName', 'profileEdit', 'avatarUpload', 'codeSent', 'contactBind', 'thirdPartyBind'] as const
export type PrivacyScene = (typeof PRIVACY_SCENES)[number]
/** The copy of "my data" (PIPL art. 45): formats of the download. */
export const EXPORT_FORMATS = ['json', 'pdf'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
/** How many collections of one type `privacyCollect/records` lists at most (newest first). */
export const PRIVACY_RECORDS_LIMIT = 100

/** Push notices a user may switch off (SPEC §2 push settings), on by default. */
export const PUSH_KINDS = ['salary', 'examReservation', 'examReport', 'flexibleEmployment'] as const
export type PushKind = (typeof PUSH_KINDS)[number]
/**
 * Kinds of the notices inbox: the push kinds, security notices and system notices (the provider's
 * announcements from the console, issue 34); the last two cannot be switched off.
 */
export const NOTICE_KINDS = [...PUSH_KINDS, 'security', 'system'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
/** How many notices the inbox lists at most (newest first). */
export const NOTICE_LIST_LIMIT = 50

/**
 * Categories of the CMS information tree: news, the service guide, and the help center's
 * categories (kind 'help': each article of one is a question, its body the answer).
 */
export const INFORMATION_KINDS = ['news', 'guide', 'help'] as const
export type InformationKind = (typeof INFORMATION_KINDS)[number]
/**
 * "Was this helpful?" on a help answer: one vote per voter (the logged-in user, else the device id)
 * per question, changeable; at most this many votes a voter, and this many an address, per minute.
 */
export const HELP_VOTES_PER_MINUTE = 20
export const HELP_VOTES_PER_ADDRESS_PER_MINUTE = 60
/** Ids of CMS articles (help questions included). */
export const INFORMATION_ID_PATTERN = /^[a-z0-9-]{1,64}$/

/** Every call of the contract by name: the one table of methods and paths. */
const WIRE = {
  health: { method: 'GET', path: '/health', access: 'public' },
  healthLive: { method: 'GET', path: '/health/live', access: 'public' },
  healthReady: { method: 'GET', path: '/health/ready', access: 'public' },
  dictList: { method: 'GET', path: '/user/api/dict/list', access: 'public', input: 'query' },
  getAppAgreements: { method: 'GET', path: '/user/api/agreement/getAppAgreements', access: 'public', input: 'query' },
  getUserAgreements: { method: 'GET', path: '/user/api/agreement/getUserAgreements', access: 'user', reagreeExempt: true },
  signAgreements: { method: 'POST', path: '/user/api/agreement/signAgreements', access: 'user', reagreeExempt: true, input: 'body' },
  getPasswordPubKey: { method: 'GET', path: '/user/api/login/getPasswordPubKey', access: 'public' },
  getCaptcha: { method: 'GET', path: '/user/api/verify/getCaptcha', access: 'public' },
  checkCaptcha: { method: 'POST', path: '/user/api/verify/checkCaptcha', access: 'public', input: 'body' },
  getCaptchaWork: { method: 'GET', path: '/user/api/verify/getCaptchaWork', access: 'public' },
  checkCaptchaWork: { method: 'POST', path: '/user/api/verify/checkCaptchaWork', access: 'public', input: 'body' },
  sendPhoneCode: { method: 'POST', path: '/user/api/verify/sendPhoneCode', access: 'public', input: 'body' },
  sendEmailCode: { method: 'POST', path: '/user/api/verify/sendEmailCode', access: 'public', input: 'body' },
  sendPhonePassCode: { method: 'POST', path: '/user/api/sendPhonePassCode', access: 'user', input: 'body' },
  sendEmailPassCode: { method: 'POST', path: '/user/api/sendEmailPassCode', access: 'user', input: 'body' },
  registerByPhonePwd: { method: 'POST', path: '/user/api/register/registerByPhonePwd', access: 'public', input: 'body' },
  registerByEmailPwd: { method: 'POST', path: '/user/api/register/registerByEmailPwd', access: 'public', input: 'body' },
  loginByAccount: { method: 'POST', path: '/user/api/login/loginByAccount', access: 'public', input: 'body' },
  loginSignupByPhoneCode: { method: 'POST', path: '/user/api/login/loginSignupByPhoneCode', access: 'public', input: 'body' },
  refreshToken: { method: 'POST', path: '/user/api/login/refreshToken', access: 'public', input: 'body' },
  getUserInfo: { method: 'GET', path: '/user/api/getUserInfo', access: 'user' },
  logout: { method: 'POST', path: '/user/api/logout', access: 'user', reagreeExempt: true },
  signOut: { method: 'POST', path: '/user/api/signOut', access: 'user', reagreeExempt: true },
  certificationCheck: { method: 'POST', path: '/user/api/certification/check', access: 'user', input: 'body' },
  certificationGetInfo: { method: 'GET', path: '/user/api/certification/getInfo', access: 'user' },
  getUserPersonalInfo: { method: 'GET', path: '/user/api/getUserPersonalInfo', access: 'user' },
  editUserPersonalInfo: { method: 'POST', path: '/user/api/editUserPersonalInfo', access: 'user', input: 'body' },
  /** multipart/form-data with one file field `file` (UNSIGNED-PAYLOAD signature). */
  uploadAvatar: { method: 'POST', path: '/user/api/uploadAvatar', access: 'user' },
  cmsPage: { method: 'GET', path: '/cms/resource/page', access: 'public', input: 'query' },
  cmsPreview: { method: 'GET', path: '/cms/resource/preview', access: 'public', input: 'query' },
  informationTree: { method: 'GET', path: '/cms/information/tree', access: 'public' },
  informationDetail: { method: 'GET', path: '/cms/information/detail', access: 'public', input: 'query' },
  helpVote: { method: 'GET', path: '/cms/help/vote', access: 'public', input: 'query' },
  helpFeedback: { method: 'POST', path: '/cms/help/feedback', access: 'public', input: 'body' },
  serviceContacts: { method: 'GET', path: '/cms/service/contacts', access: 'public' },
  grantCode: { method: 'GET', path: '/user/api/auth/grantCode', access: 'user', input: 'query' },
  ssoLogin: { method: 'POST', path: '/sso/ssoLogin', access: 'public', input: 'query' },
  securityMethods: { method: 'GET', path: '/user/api/security/methods', access: 'user' },
  validUserPassword: { method: 'POST', path: '/user/api/validUserPassword', access: 'user', input: 'body' },
  validOldPhoneCheckPassCode: { method: 'GET', path: '/user/api/validOldPhoneCheckPassCode', access: 'user', input: 'query' },
  validOldEmailCheckPassCode: { method: 'GET', path: '/user/api/validOldEmailCheckPassCode', access: 'user', input: 'query' },
  validIdentityByRealName: { method: 'POST', path: '/user/api/security/validIdentityByRealName', access: 'user', input: 'body' },
  updateUserPassword: { method: 'POST', path: '/user/api/updateUserPassword', access: 'user', input: 'body' },
  validResetPasswordPassCode: { method: 'POST', path: '/user/api/login/validResetPasswordPassCode', access: 'public', input: 'body' },
  resetPasswordByContact: { method: 'POST', path: '/user/api/login/resetPasswordByContact', access: 'public', input: 'body' },
  validCertificationUser: { method: 'POST', path: '/user/api/login/validCertificationUser', access: 'public', input: 'body' },
  pickCertificationUser: { method: 'POST', path: '/user/api/login/pickCertificationUser', access: 'public', input: 'body' },
  resetPasswordByIdNo: { method: 'POST', path: '/user/api/login/resetPasswordByIdNo', access: 'public', input: 'body' },
  bindOrChangePhone: { method: 'POST', path: '/user/api/bindOrChangePhone', access: 'user', input: 'body' },
  changePhone: { method: 'POST', path: '/user/api/login/changePhone', access: 'user', input: 'body' },
  bindOrChangeEmail: { method: 'POST', path: '/user/api/bindOrChangeEmail', access: 'user', input: 'body' },
  changeEmail: { method: 'POST', path: '/user/api/login/changeEmail', access: 'user', input: 'body' },
  unbindContact: { method: 'POST', path: '/user/api/security/unbindContact', access: 'user', input: 'body' },
  securityActivity: { method: 'GET', path: '/user/api/security/activity', access: 'user' },
  revokeSession: { method: 'POST', path: '/user/api/security/revokeSession', access: 'user', input: 'body' },
  revokeOtherSessions: { method: 'POST', path: '/user/api/security/revokeOtherSessions', access: 'user' },
  privacyTypeList: { method: 'POST', path: '/user/api/privacyCollect/typeList', access: 'public' },
  privacyQuery: { method: 'POST', path: '/user/api/privacyCollect/query', access: 'user', input: 'body' },
  privacyRecords: { method: 'GET', path: '/user/api/privacyCollect/records', access: 'user', input: 'query' },
  privacyThirdParties: { method: 'GET', path: '/user/api/privacyCollect/thirdParties', access: 'public' },
  exportMyData: { method: 'POST', path: '/user/api/privacy/exportMyData', access: 'user', input: 'body' },
  withdrawConsent: { method: 'POST', path: '/user/api/privacy/withdrawConsent', access: 'user', reagreeExempt: true },
  pushSettings: { method: 'GET', path: '/user/api/push/settings', access: 'user' },
  updatePushSetting: { method: 'POST', path: '/user/api/push/updateSetting', access: 'user', input: 'body' },
  noticeList: { method: 'GET', path: '/user/api/notice/list', access: 'user' },
  noticeRead: { method: 'POST', path: '/user/api/notice/read', access: 'user', input: 'body' },
  cancellationInfo: { method: 'GET', path: '/user/api/security/cancellationInfo', access: 'user' },
  cancelAccount: { method: 'POST', path: '/user/api/security/cancelAccount', access: 'user', input: 'body' },
  thirdPartyProviders: { method: 'GET', path: '/user/api/thirdParty/providers', access: 'public' },
  thirdPartyLoginAuthorize: { method: 'POST', path: '/user/api/login/thirdPartyAuthorize', access: 'public', input: 'body' },
  thirdPartyLogin: { method: 'POST', path: '/user/api/login/thirdPartyLogin', access: 'public', input: 'body' },
  getBindLoginAccount: { method: 'GET', path: '/user/api/login/getBindLoginAccount', access: 'public', input: 'query' },
  bindLogin: { method: 'POST', path: '/user/api/login/bindLogin', access: 'public', input: 'body' },
  getBindingInfo: { method: 'GET', path: '/user/api/getBindingInfo', access: 'user' },
  thirdPartyBindAuthorize: { method: 'POST', path: '/user/api/security/thirdPartyAuthorize', access: 'user', input: 'body' },
  bindThirdParty: { method: 'POST', path: '/user/api/security/bindThirdParty', access: 'user', input: 'body' },
  unbindThirdParty: { method: 'POST', path: '/user/api/security/unbindThirdParty', access: 'user', input: 'body' },
  wechatGetOpenId: { method: 'GET', path: '/user/api/wechat/getOpenId', access: 'public', input: 'query' },
  weChatMiniQuickLogin: { method: 'POST', path: '/user/api/login/weChatMiniQuickLogin', access: 'public', input: 'body' },
  wechatSubscribeTemplates: { method: 'GET', path: '/user/api/wechat/subscribeTemplates', access: 'user' },
  wechatSubscribeAccept: { method: 'POST', path: '/user/api/wechat/subscribeAccept', access: 'user', input: 'body' },
} as const satisfies Record<string, CallWire>

/** The name of a call, e.g. `dictList`. */
export type CallName = keyof typeof WIRE

declare const callName: unique symbol
/** A call of the wire table, carrying (as a type only) which call it is. */
export type Wire<N extends CallName = CallName> = CallWire & { readonly [callName]?: N }
/** The definition of a call: itself when it carries its schemas (as in tests), else the one of its name. */
type DefOf<C> = C extends CallDef ? C : C extends Wire<infer N> ? (typeof calls)[N] : never
/** What the client passes (the query for GET/DELETE, the body for POST/PUT), typed by the call's schemas. */
export type WireInput<C extends Wire> = CallInput<DefOf<C>>
/** The inner payload a call answers, typed by the call's schemas. */
export type WireResult<C extends Wire> = CallResult<DefOf<C>>

/** The wire table typed call by call: `request(wire.dictList, { type: 'gender' })`. */
export const wire: { readonly [N in CallName]: Wire<N> } = WIRE
