import type { RoutePath } from '@ess/contract'

// Where the portal sends a person who opens a route directly: read by routes.spec.ts (every route
// opens, in both languages) and by bench/lighthouse-routes.ts (which measures each route as a
// visitor where a visitor can open it, signed in where not), so that both agree on one list.

/**
 * Pages a visitor is sent away from: the ones only a logged-in user may see go to the login page
 * (which brings them back afterwards), and the web-view page without an address shows the
 * refused-address page.
 */
export const LOGIN = 'packages/login/login-type/index'
export const REDIRECTED: Partial<Record<RoutePath, RoutePath>> = {
  'pages/user-center/user-info/index': LOGIN,
  'pages/user-center/detail': LOGIN,
  'packages/users/account/index': LOGIN,
  'packages/users/identity/success': LOGIN,
  'packages/auth/realNameAuthOption': LOGIN,
  'packages/auth/idNumberAuthentication': LOGIN,
  'packages/auth/bankCardAuthentication': LOGIN,
  'packages/webview/index': 'packages/error/thirdPartAddress',
  // Account security (issue 14): the logged-in screens; the recovery steps without their ticket
  // go back to the start of recovery.
  'packages/safety/authList': LOGIN,
  'packages/safety/authentication': LOGIN,
  'packages/safety/changePwdOptions': LOGIN,
  'packages/safety/updatePasswd': LOGIN,
  'packages/safety/bindPhone': LOGIN,
  'packages/safety/bindPhoneNum': LOGIN,
  'packages/safety/changePhone': LOGIN,
  'packages/safety/changeEmail': LOGIN,
  'packages/safety/bindEmail': LOGIN,
  'packages/safety/devices': LOGIN,
  'packages/safety/thirdParty': LOGIN,
  'packages/users/setting/pushSet': LOGIN,
  // The AI customer service (issue 17) talks to the micro-assistant for a signed-in user only.
  'packages/users/service/world': LOGIN,
  // Account cancellation (logged-in screens too).
  'packages/safety/accountCancel': LOGIN,
  'packages/safety/confirmCancel': LOGIN,
  'packages/safety/accountInfo4FindPwd': 'packages/safety/findPasswd',
  'packages/safety/receptPasswd': 'packages/safety/findPasswd',
}

/** Where a signed-in, verified user lands: the recovery steps without their ticket, and the web-view without an address. */
export const REDIRECTED_SIGNED_IN: Partial<Record<RoutePath, RoutePath>> = {
  'packages/safety/accountInfo4FindPwd': 'packages/safety/findPasswd',
  'packages/safety/receptPasswd': 'packages/safety/findPasswd',
  'packages/webview/index': 'packages/error/thirdPartAddress',
}
