import type { Locale } from './locale'
import { ACCOUNT_ABNORMAL_ERROR, type ErrorDef, PRIVACY_REAGREE_ERROR, SESSION_INVALID_ERROR, errorDef } from './status'

const def = errorDef

/**
 * The error catalogue (SPEC §8, GUIDE §4). Every failure the gateway answers has a stable
 * `errorCode` string, a numeric envelope `code` and an HTTP status. The SPEC's 401, 430 and 100400
 * keep their meaning; the other numeric codes are ours and stable: 100xxx for business refusals.
 * Never renumber an entry; add new ones.
 */
export const ERRORS = {
  // Transport-level, one per HTTP status text of SPEC §8.
  BAD_REQUEST: def(400, 400, '请求参数有误', 'Bad Request'),
  SESSION_INVALID: SESSION_INVALID_ERROR,
  /**
   * The SPEC's 401 too (log in again), for a token whose session was ended while this device held
   * it: signed out from another device, password changed or reset, consent withdrawn, account
   * cancelled. It says no more than that (the device's user may not be the one who ended it).
   */
  SESSION_ENDED: def(401, 401, '您已在此设备上退出登录，请重新登录', 'You were signed out on this device. Please log in again'),
  FORBIDDEN: def(403, 403, '没有权限访问', 'Forbidden'),
  NOT_FOUND: def(404, 404, '请求的资源不存在', 'Not Found'),
  METHOD_NOT_ALLOWED: def(405, 405, '请求方法不被允许', 'Method Not Allowed'),
  REQUEST_TIMEOUT: def(408, 408, '请求超时', 'Request Time-out'),
  PAYLOAD_TOO_LARGE: def(413, 413, '请求内容过大', 'Payload Too Large'),
  UNSUPPORTED_MEDIA_TYPE: def(415, 415, '不支持的内容类型', 'Unsupported Media Type'),
  TOO_MANY_REQUESTS: def(429, 429, '操作过于频繁，请稍后再试', 'Too many requests, please try again later'),
  SERVER_ERROR: def(500, 500, '服务器内部错误', 'Internal Server Error'),
  BAD_GATEWAY: def(502, 502, '网关错误', 'Bad Gateway'),
  SERVICE_UNAVAILABLE: def(503, 503, '服务不可用', 'Service Unavailable'),
  GATEWAY_TIMEOUT: def(504, 504, '网关超时', 'Gateway Time-out'),
  HTTP_VERSION_NOT_SUPPORTED: def(505, 505, 'HTTP版本不受支持', 'HTTP Version not Supported'),

  // SPEC codes with their own meaning.
  PRIVACY_REAGREE: PRIVACY_REAGREE_ERROR,
  ACCOUNT_ABNORMAL: ACCOUNT_ABNORMAL_ERROR,
  /**
   * SPEC §8's 100400 too (account abnormal: the dialog with the hotline), for an account a support
   * agent disabled (issue 34): its sign-in and every call of its sessions. The portal tells it apart
   * by this errorCode: the device's session is over, so it signs out there too.
   */
  ACCOUNT_DISABLED: def(ACCOUNT_ABNORMAL_ERROR.code, ACCOUNT_ABNORMAL_ERROR.status, ACCOUNT_ABNORMAL_ERROR.message['zh-CN'], ACCOUNT_ABNORMAL_ERROR.message['en-US']),

  // Request signature and anti-replay (packages/contract/src/signature.ts).
  SIGNATURE_MISSING: def(100401, 401, '请求缺少签名信息', 'The request is not signed'),
  SIGNATURE_INVALID: def(100402, 401, '请求签名无效', 'The request signature is invalid'),
  TIMESTAMP_STALE: def(100403, 401, '请求已过期，请检查设备时间后重试', 'The request has expired; check the device clock and try again'),
  NONCE_REUSED: def(100404, 409, '重复的请求已被拒绝', 'This request was already received and has been refused'),

  // Input.
  VALIDATION_FAILED: def(100410, 400, '提交的信息有误，请检查后重试', 'Some of the information is not valid; please check and try again'),

  // Business refusals named by SPEC §5 and §8.
  CONTACT_NOT_FOUND: def(100501, 404, '未找到该邮箱或手机号', 'No account was found for this email or phone'),
  ALREADY_REGISTERED: def(100502, 409, '该手机号或邮箱已注册', 'This phone or email is already registered'),
  THIRD_PARTY_ALREADY_BOUND: def(100503, 409, '该第三方账号已被绑定', 'This third-party account is already bound'),
  WRONG_VERIFICATION_CODE: def(100504, 400, '验证码错误', 'Wrong verification code'),
  REAL_NAME_FAILED: def(100505, 400, '您的身份信息未通过实名认证，请核实后重新输入', 'Your identity information has not passed the real-name authentication, please verify and re-enter'),
  ACCOUNT_LOCKED: def(100506, 423, '账号已被锁定，请稍后再试', 'The account is locked, please try again later'),
  IMAGE_CAPTCHA_FAILED: def(100507, 400, '图形验证失败', 'Image captcha failed'),
  SMS_CODE_FAILED: def(100508, 400, '短信验证码发送失败', 'SMS code failed'),
  WRONG_OLD_PASSWORD: def(100509, 400, '您输入的密码不正确，请重新输入', 'The password you have entered is incorrect, please re-enter it'),
  CONTACT_NOT_BOUND: def(100510, 400, '您尚未绑定手机号或邮箱，无法接收验证码，请先绑定', 'No phone or email is bound, so no verification code can be sent; please bind one first'),
  LOAD_ERROR: def(100511, 500, '加载失败，请刷新页面', 'Load error, please refresh the page'),
  ONE_TIME_CODE_FAILED: def(100512, 500, '获取一次性授权码失败', 'Failed to get one-time code'),

  // Sign-in and registration. `{seconds}` is filled in by the gateway.
  WRONG_CREDENTIALS: def(100513, 400, '账号或密码错误', 'The account or password is incorrect'),
  CODE_RESEND_TOO_SOON: def(100514, 429, '验证码已发送，请{seconds}秒后再试', 'A code was just sent; please try again in {seconds} s'),
  CODE_DAILY_LIMIT: def(100515, 429, '今日获取验证码次数已达上限，请明天再试', "Today's limit of verification codes is reached; please try again tomorrow"),
  CODE_EXPIRED: def(100516, 400, '验证码已失效，请重新获取', 'The verification code is no longer valid; please get a new one'),
  AGREEMENT_OUTDATED: def(100517, 409, '协议已更新，请阅读最新版本后同意', 'The agreements have changed; please read and agree to the current versions'),
  CERTIFICATION_REQUIRED: def(100518, 403, '请先完成实名认证', 'Please complete the real-name verification first'),
  EMAIL_CODE_FAILED: def(100519, 502, '邮件验证码发送失败', 'The email code could not be sent'),

  // Real-name verification and personal info (100520–100539).
  REAL_NAME_TOO_MANY_ATTEMPTS: def(100520, 429, '今日实名认证失败次数过多，请明天再试', 'Too many failed real-name verifications today; please try again tomorrow'),
  EMPLOYEE_ALREADY_LINKED: def(100521, 409, '该身份信息已被其他账号认证，如有疑问请联系客服', 'This identity is already verified by another account; please contact customer service'),
  USERNAME_TAKEN: def(100522, 409, '该用户名已被使用', 'This username is already taken'),
  AVATAR_INVALID: def(100523, 400, '请上传PNG、JPG或WebP格式的图片', 'Please upload a PNG, JPEG or WebP image'),
  AVATAR_TOO_LARGE: def(100524, 413, '图片不能超过2MB', 'The image must not exceed 2 MB'),

  // Content and inner jumps (100540–100559).
  PAGE_NOT_FOUND: def(100540, 404, '页面不存在或已下线', 'This page does not exist or is no longer published'),
  ARTICLE_NOT_FOUND: def(100541, 404, '文章不存在或已下线', 'This article does not exist or is no longer published'),
  UNKNOWN_AUTH_APP: def(100542, 400, '未知的应用', 'Unknown application'),
  GRANT_CODE_INVALID: def(100543, 400, '授权码无效、已使用或已过期', 'The one-time code is invalid, used or expired'),
  APP_CREDENTIALS_INVALID: def(100544, 401, '应用凭证无效', 'The application credentials are invalid'),
  HELP_QUESTION_NOT_FOUND: def(100545, 404, '该问题不存在或已下线', 'This question does not exist or is no longer published'),

  // Sign-in, continued (100560–100579).
  PASSWORD_KEY_CHANGED: def(100560, 409, '安全密钥已更新，请重试', 'The security key has changed; please try again'),
  QUICK_LOGIN_FAILED: def(100561, 401, '快捷登录失败，请使用账号登录', 'Quick login failed; please log in with your account'),
  PASSWORD_WORK_BUSY: def(100565, 503, '当前登录的人较多，请{seconds}秒后重试', 'Many people are signing in right now; please try again in {seconds} s'),
  SMS_CODE_UNDELIVERABLE: def(100562, 400, '验证码无法发送到该手机号，请检查号码后重试', 'The code could not be sent to this phone number; please check the number and try again'),
  SMS_REGION_UNSUPPORTED: def(100563, 400, '暂不支持向该国家或地区的手机号发送短信，请使用其他方式', 'Text messages cannot be sent to phone numbers of this country or region yet; please use another way'),
  SMS_DAILY_LIMIT: def(100564, 429, '该手机号今日接收短信已达上限，请明天再试或使用其他方式', 'This phone number has received its maximum of text messages for today; please try again tomorrow or use another way'),

  // Account security (100580–100599).
  IDENTITY_CHECK_REQUIRED: def(100580, 403, '为了您的账号安全，请先验证身份', 'For the security of your account, please verify your identity first'),
  IDENTITY_CHECK_TOO_MANY: def(100581, 429, '今日身份验证失败次数过多，请明天再试', 'Too many failed identity checks today; please try again tomorrow'),
  IDENTITY_METHOD_UNAVAILABLE: def(100582, 400, '该验证方式不可用，请选择其他方式', 'This way of verifying is not available for your account; please choose another'),
  PASSWORD_SAME_AS_CURRENT: def(100583, 400, '新密码不能与当前密码相同', 'The new password must differ from the current one'),
  PASSWORD_RECENTLY_USED: def(100584, 400, '新密码不能与最近使用过的5个密码相同', 'The new password must not be one of your last 5 passwords'),
  PASSWORD_CONTAINS_PERSONAL: def(100585, 400, '密码不能包含您的手机号、用户名或邮箱', 'The password must not contain your phone number, username or email'),
  PASSWORD_TOO_COMMON: def(100586, 400, '该密码过于常见，容易被猜中，请换一个', 'This password is too common and easy to guess; please choose another'),
  RESET_TICKET_INVALID: def(100587, 400, '操作已超时或已完成，请重新验证', 'This step has expired or was already completed; please verify again'),
  LAST_SIGN_IN_METHOD: def(100588, 409, '这是您唯一的登录方式，无法解绑', 'This is your only way to sign in, so it cannot be removed'),
  CONTACT_UNCHANGED: def(100589, 400, '新的手机号或邮箱与当前绑定的相同', 'The new phone or email is the same as the one bound now'),
  SESSION_NOT_FOUND: def(100590, 404, '该登录设备不存在或已退出', 'This device is not signed in (any more)'),
  CONTACT_ALREADY_BOUND: def(100591, 409, '您已绑定手机号或邮箱，请使用更换功能', 'A phone or email is already bound; use change instead'),

  // Third-party accounts (100600–100619).
  THIRD_PARTY_UNAVAILABLE: def(100600, 400, '该第三方账号登录暂不可用', 'Signing in with this third-party account is not available'),
  OAUTH_STATE_INVALID: def(100601, 400, '授权已过期或无效，请重新发起', 'The authorization has expired or is not valid; please start again'),
  OAUTH_RETURN_NOT_ALLOWED: def(100602, 400, '不允许返回该地址', 'Returning to this address is not allowed'),
  OAUTH_FAILED: def(100603, 502, '第三方授权失败，请稍后重试', 'The third-party authorization failed; please try again later'),
  OAUTH_CANCELLED: def(100604, 400, '您已取消第三方授权', 'You cancelled the third-party authorization'),
  BIND_LOGIN_EXPIRED: def(100605, 400, '绑定已超时，请重新使用第三方账号登录', 'The binding has timed out; please sign in with the third-party account again'),
  THIRD_PARTY_PROVIDER_BOUND: def(100606, 409, '您已绑定该平台的另一个账号，请先解绑', 'Another account of this platform is bound; unbind it first'),
  THIRD_PARTY_NOT_BOUND: def(100607, 404, '尚未绑定该第三方账号', 'No account of this platform is bound'),

  // The WeChat mini-program (100620–100629).
  WECHAT_UNAVAILABLE: def(100620, 400, '微信快捷登录暂不可用，请使用其他方式登录', 'WeChat quick sign-in is not available; please sign in another way'),
  WECHAT_CODE_INVALID: def(100621, 400, '微信授权已失效，请重试', 'The WeChat authorization has expired; please try again'),
  WECHAT_FAILED: def(100622, 502, '微信服务暂时不可用，请稍后重试', 'The WeChat service is not available right now; please try again later'),

  // WeChat subscribe messages (100760–100779).
  WECHAT_OPENID_UNKNOWN: def(100760, 400, '未能识别您的微信身份，请重新打开小程序后再试', 'Your WeChat identity is not known here; please reopen the mini-program and try again'),
  WECHAT_TEMPLATE_UNKNOWN: def(100761, 400, '该消息模板不可订阅', 'This message template cannot be subscribed to'),

  // The micro-assistant (100630–100639): the sample the gateway serves in its place answers these.
  ASSISTANT_CODE_REQUIRED: def(100630, 400, '缺少登录码，请重新进入智能客服', 'The login code is missing; please open the assistant again'),
  ASSISTANT_CODE_INVALID: def(100631, 400, '登录码无效、已使用或已过期，请重新进入智能客服', 'The login code is invalid, used or expired; please open the assistant again'),
  ASSISTANT_SOURCE_INVALID: def(100632, 400, '不支持的登录来源', 'This sign-in source is not supported'),
  ASSISTANT_TOKEN_INVALID: def(100633, 401, '智能客服会话已失效，请重新进入', 'The assistant session has ended; please open the assistant again'),
  ASSISTANT_SIGNATURE_INVALID: def(100634, 401, '请求签名无效', 'The request signature is invalid'),
  ASSISTANT_REQUEST_STALE: def(100635, 401, '请求已过期或重复，请检查设备时间后重试', 'The request has expired or was already received; check the device clock and try again'),

  // The operator console (100640–100669): operators' sign-in, session, CSRF, roles, step-up.
  CONSOLE_SESSION_INVALID: def(100640, 401, '登录已失效，请重新登录', 'Your console session has ended; please sign in again'),
  CONSOLE_CSRF_INVALID: def(100641, 403, '请求校验失败，请刷新页面后重试', 'The request could not be verified; please reload the page and try again'),
  STEP_UP_REQUIRED: def(100642, 403, '此操作需要再次验证身份', 'This action needs your second factor again'),
  CONSOLE_CHALLENGE_INVALID: def(100643, 400, '登录步骤已超时或已使用，请重新输入密码', 'This sign-in step has expired or was already used; please enter your password again'),
  WRONG_SECOND_FACTOR: def(100644, 400, '验证码错误', 'The code is not correct'),
  TOTP_CODE_REUSED: def(100645, 400, '该验证码已使用过，请等待下一个验证码', 'This code was already used; please wait for the next one'),
  PASSKEY_FAILED: def(100646, 400, '通行密钥验证失败，请重试或使用验证码', 'The passkey could not be verified; please try again or use a code'),
  PASSKEY_UNAVAILABLE: def(100647, 400, '您尚未注册通行密钥，请使用验证码', 'No passkey is registered; please use a code'),
  ENROLLMENT_INVALID: def(100648, 404, '邀请链接无效、已使用或已过期，请联系管理员', 'This enrollment link is invalid, used or expired; please ask an administrator'),
  CONSOLE_ROLE_DENIED: def(100649, 403, '您的角色无权进行此操作', 'Your roles do not allow this action'),

  // Console content (issue 33): floors, articles, agreements, images.
  MEDIA_TYPE_INVALID: def(100801, 415, '请上传PNG、JPG、WebP或SVG格式的图片', 'Please upload a PNG, JPEG, WebP or SVG image'),
  MEDIA_TYPE_MISMATCH: def(100802, 415, '文件内容与声明的类型不符', 'The file is not of the type it claims'),
  MEDIA_TOO_LARGE: def(100803, 413, '图片不能超过2MB', 'The image must not exceed 2 MB'),
  MEDIA_DIMENSIONS: def(100804, 400, '图片的宽和高须在1到4096像素之间', 'The image must be 1 to 4096 pixels wide and high'),
  MEDIA_SVG_UNSAFE: def(100805, 400, 'SVG图片不能包含脚本、事件或外部引用', 'An SVG image must not hold scripts, event handlers or outside references'),
  CONTENT_NOT_FOUND: def(100806, 404, '内容不存在', 'The content does not exist'),
  CONTENT_NO_CHANGE: def(100807, 409, '草稿与已发布的内容相同', 'The draft is the same as what is published'),
  SCHEDULE_NOT_PENDING: def(100808, 409, '该计划已执行或已取消', 'This schedule has already run or was cancelled'),
  PREVIEW_INVALID: def(100809, 403, '预览链接无效或已过期', 'The preview link is not valid or has expired'),
  ARTICLE_ID_TAKEN: def(100810, 409, '该文章编号已存在', 'An article with this id already exists'),
  AGREEMENT_VERSION_TAKEN: def(100811, 409, '该版本号已发布过', 'This version number is already published'),
  AGREEMENT_NO_CURRENT: def(100812, 409, '尚无已发布的版本，不能作为文字修订发布', 'There is no published version yet, so this cannot be an editorial fix'),
  NO_DRAFT: def(100813, 409, '没有草稿可发布', 'There is no draft to publish'),
  CONTENT_STALE: def(100814, 409, '内容已被他人更改，请刷新后重试', 'Someone else changed this content meanwhile; reload and try again'),
  PAGE_NO_EARLIER_VERSION: def(100815, 409, '没有更早的已发布版本，不能撤回', 'There is no earlier published version to go back to'),

  // The support look-up (issue 34, 100700–100719).
  SUPPORT_ACCOUNT_NOT_FOUND: def(100700, 404, '账号不存在', 'The account does not exist'),
  SUPPORT_COMPANY_REQUIRED: def(100701, 400, '按工号查找时请填写公司代码', 'Give the company code to look up by employee number'),
  SUPPORT_NOT_LOCKED: def(100702, 409, '该账号未被锁定', 'The account is not locked'),
  SUPPORT_ALREADY_DISABLED: def(100703, 409, '该账号已被停用', 'The account is already disabled'),
  SUPPORT_NOT_DISABLED: def(100704, 409, '该账号未被停用', 'The account is not disabled'),
  SUPPORT_NOTHING_TO_REVEAL: def(100705, 404, '该账号没有此项信息', 'The account has no such value'),
  // The roster in the console (issue 34, 100680–100699).
  ROSTER_EMPLOYEE_NOT_FOUND: def(100680, 404, '该员工不在花名册中', 'This employee is not on the roster'),
  ROSTER_FILE_MISSING: def(100681, 400, '请上传一个CSV文件', 'Please upload one CSV file'),
  ROSTER_FILE_TOO_LARGE: def(100682, 413, '花名册文件不能超过50MB', 'The roster file must not exceed 50 MB'),
  ROSTER_FILE_CHANGED: def(100683, 409, '该文件与检查过的文件不同，请重新检查', 'This file differs from the one checked; please check it again'),
  ROSTER_EMPLOYMENT_ENDED: def(100684, 409, '该员工的雇佣关系已结束', 'The employment of this employee has already ended'),
  ROSTER_ID_TAKEN: def(100685, 409, '该证件号码已属于花名册中的另一名员工', 'This ID number belongs to another employee on the roster'),
  ROSTER_END_DATE_INVALID: def(100686, 400, '离职日期不能晚于今天', 'The last day cannot be after today'),
  // Operators' management, console notices and dashboard (issue 34, admin: 100720–100759).
  OPERATOR_NOT_FOUND: def(100720, 404, '该操作员不存在', 'This operator does not exist'),
  LAST_ADMIN: def(100721, 409, '至少需保留一名启用的管理员：不能停用、重置或取消最后一名管理员的管理员角色', 'At least one active admin must remain: the last one cannot be disabled, reset or lose the admin role'),
  OPERATOR_SELF: def(100722, 409, '不能停用或重置您自己的账号', 'You cannot disable or reset your own account'),
  OPERATOR_NOT_ENROLLED: def(100723, 409, '该操作员尚未完成注册，请重新发送邀请链接', 'This operator has not enrolled yet; send the invitation link again'),
  OPERATOR_EXISTS: def(100724, 409, '该邮箱已是已注册的操作员', 'This email already belongs to an enrolled operator'),
  NOTICE_COMPANY_UNKNOWN: def(100730, 400, '没有该编码的客户公司', 'No client company has this code'),
  NOTICE_NOBODY: def(100731, 400, '该范围内没有可接收通知的员工', 'Nobody in this audience can receive the notice'),
  NOTICE_SEND_AT_PAST: def(100732, 400, '计划发送时间须晚于现在', 'The planned time must be in the future'),
  NOTICE_NOT_FOUND: def(100733, 404, '该计划通知不存在', 'This planned notice does not exist'),

  // The notices API of the provider's systems (100670–100679).
  NOTICE_KIND_NOT_ALLOWED: def(100670, 403, '该应用无权发送此类通知', 'This application may not send notices of this kind'),
  IDEMPOTENCY_KEY_CONFLICT: def(100671, 409, '该幂等键已用于另一个不同的请求', 'This Idempotency-Key was already used for a different request'),
} as const satisfies Record<string, ErrorDef>

export type ErrorCode = keyof typeof ERRORS

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[]

export function errorMessage(errorCode: ErrorCode, locale: Locale): string {
  return ERRORS[errorCode].message[locale]
}

/** Finds the catalogue entry of an envelope code (first match), e.g. to pick a client-side text. */
export function errorByCode(code: number): ErrorCode | undefined {
  return ERROR_CODES.find((key) => ERRORS[key].code === code)
}
