import type { ThirdPartyDictionary } from './types'

const thirdParty: ThirdPartyDictionary = {
  providers: { wechat: 'WeChat', qq: 'QQ', weibo: 'Weibo' },
  otherWays: 'Other ways to log in',
  signInWith: 'Log in with {provider}',
  signingIn: 'Logging in…',
  bindTitle: 'Bind your {provider} account',
  bindIntro: 'The {provider} account "{nickname}" is not bound to an Employee Services account yet. Once bound, you can log in with {provider} directly.',
  bindExisting: 'Have an account? Enter it and its password to bind',
  bindSubmit: 'Bind and log in',
  bindOrRegister: 'No account yet? Register one and bind it',
  registerWillBind: 'Once registered, the {provider} account "{nickname}" will be bound to it',
  bindExpired: 'The binding has timed out; please log in with the third-party account again',
  bound: 'Bound',
  listIntro: 'Bind a third-party account to log in with it. Unbinding asks you to verify your identity first.',
  notBound: 'Not bound',
  boundAs: 'Bound: {nickname} · {date}',
  bind: 'Bind',
  unbind: 'Unbind',
  unavailable: 'Not available',
  webOnly: 'Please bind third-party accounts on the web version',
  unbindConfirm: 'After unbinding {provider}, {provider} can no longer be used to log in to this account. Unbind it?',
  unbound: 'Unbound',
}

export default thirdParty
