// The contract's routes for the browser scripts (plain JS: Node 20 does not load the TS contract).
// test/app-config.test.ts fails when this list drifts from packages/contract/src/routes.ts.
export const ROUTES = [
  'pages/home/index', 'pages/service/index', 'pages/user-center/index', 'pages/user-center/user-info/index',
  'pages/user-center/detail', 'pages/login/index', 'pages/jump/transition/index', 'pages/template/middlePage/index',
  ...['findPasswd', 'updatePasswd', 'receptPasswd', 'getPasswdByPhone', 'getPasswdByEmail', 'bindPhone', 'accountCancel',
    'confirmCancel', 'bindPhoneNum', 'changePhone', 'changeEmail', 'authentication', 'bindEmail', 'changePwdOptions',
    'authList', 'accountInfo4FindPwd', 'devices', 'thirdParty'].map((p) => `packages/safety/${p}`),
  ...['help/index', 'help/more', 'service/index', 'service/header', 'service/world', 'account/index', 'identity/success',
    'identity/fail', 'language/index', 'version/index', 'setting/index', 'setting/privacyList', 'setting/pushSet',
    'setting/singleList', 'setting/thirdInfoList', 'notices/index'].map((p) => `packages/users/${p}`),
  ...['bankCardAuthentication', 'idNumberAuthentication', 'realNameAuthOption'].map((p) => `packages/auth/${p}`),
  'packages/user-center/settings/config/index',
  ...['login-type/index', 'register/index', 'shutdown-notice'].map((p) => `packages/login/${p}`),
  'packages/webview/index',
  ...['index', 'newsDetail', 'service-guide/index'].map((p) => `packages/news/${p}`),
  'packages/error/thirdPartAddress',
]
