import type { ThirdPartyProvider } from '@ess/contract/wire'

/**
 * The texts of third-party accounts: the sign-in buttons of the login page, binding an account
 * met there for the first time, and the binding list of account security. One file per language
 * of this type (./zh-CN.ts, ./en-US.ts), part of the app's Dictionary as `thirdParty`.
 */
export interface ThirdPartyDictionary {
  providers: Record<ThirdPartyProvider, string>
  /** Login page. */
  otherWays: string
  /** `{provider}` */
  signInWith: string
  signingIn: string
  /** First sign-in with an unbound account. `{provider}`, `{nickname}` */
  bindTitle: string
  bindIntro: string
  bindExisting: string
  bindSubmit: string
  bindOrRegister: string
  /** Registration page. `{provider}`, `{nickname}` */
  registerWillBind: string
  bindExpired: string
  bound: string
  /** The binding list (packages/safety/thirdParty). */
  listIntro: string
  notBound: string
  /** `{nickname}`, `{date}` */
  boundAs: string
  bind: string
  unbind: string
  unavailable: string
  webOnly: string
  /** SPEC §2: "Unbinding QQ means QQ can no longer be used for login." `{provider}` */
  unbindConfirm: string
  unbound: string
}
