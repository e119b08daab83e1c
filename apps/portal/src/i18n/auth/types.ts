/** Sign-in, registration and the mini-program's login screens. */
export interface AuthDictionary {
  welcome: string
  subtitle: string
  passwordTab: string
  codeTab: string
  accountPlaceholder: string
  passwordPlaceholder: string
  showPassword: string
  hidePassword: string
  phonePlaceholder: string
  emailPlaceholder: string
  codePlaceholder: string
  getCode: string
  /** `{seconds}` is replaced. */
  resendIn: string
  /** `{to}`: the masked destination. */
  codeSent: string
  codeLoginHint: string
  login: string
  /** The agreement line; `{links}` marks where the agreement links go. */
  agreeSentence: string
  /**
   * The usual agreement names of each set as the line shows them, held in its place (unseen) while
   * the real names load, so the line wraps as it will and nothing below moves when they come.
   */
  agreementsWaiting: { '1': string; '2': string }
  /** `{link}`: the sign-up link (`register`). */
  noAccount: string
  register: string
  forgotPassword: string
  loggedIn: string
  /** The login page's line after a session was ended elsewhere (core/auth/signed-out.ts). */
  signedOutHere: string
  /** The login page's line after the account was disabled (ACCOUNT_DISABLED, 100400); {phone} is the hotline. */
  accountDisabledHere: string
  registerTitle: string
  registerSubtitle: string
  byPhone: string
  byEmail: string
  region: string
  regionTitle: string
  passwordNew: string
  confirmPassword: string
  passwordHint: string
  submitRegister: string
  registered: string
  /** `{link}`: the sign-in link (`toLogin`). */
  haveAccount: string
  toLogin: string
  miniTitle: string
  miniSubtitle: string
  phoneLogin: string
  otherLogin: string
  /** The mini-program's phone-number quick verification button. */
  wechatPhoneLogin: string
  wechatPhoneDenied: string
  shutdownTitle: string
  shutdownText: string
  servicePhone: string
  logout: string
  logoutConfirm: string
}
