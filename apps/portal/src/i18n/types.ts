import type { RoutePath } from '@ess/contract/wire'
import type { BaseLang } from '@nutui/nutui-react-taro/dist/es/locales/base'
import type { MeTexts } from './me/types'
import type { HelpDictionary } from './help/types'
import type { AssistantDictionary } from './assistant/types'
import type { CancellationDictionary } from './cancellation/types'
import type { SecurityDictionary } from './security/types'
import type { ThirdPartyDictionary } from './third-party/types'

/**
 * The base dictionary. zh-CN and en-US are objects of this type, so a missing key, or a route of
 * the contract without a title, fails the type check.
 * `{links}`-style placeholders are filled by `fill()` (or split around when a link is rendered).
 */
export interface Dictionary {
  app: {
    name: string
  }
  tabs: {
    home: string
    service: string
    userCenter: string
  }
  /** The navigation-bar title of every route (contract RoutePath). */
  titles: Record<RoutePath, string>
  common: {
    loading: string
    confirm: string
    cancel: string
    ok: string
    back: string
    home: string
  }
  frame: {
    preparingTitle: string
    preparingText: string
  }
  userCenter: {
    greeting: string
    visitorHint: string
    loginRegister: string
    accountSecurity: string
    settings: string
    language: string
    help: string
    customerService: string
    version: string
    avatarLabel: string
    loggedInHint: string
    certified: string
    notCertified: string
    certificationExpired: string
    verifyNow: string
    personalInfo: string
    employeeRecord: string
    logout: string
  }
  /** Home, services, news, web pages and inner jumps (CMS). */
  cms: {
    more: string
    loadFailed: string
    retry: string
    empty: string
    source: string
    jumping: string
    jumpFailed: string
    backHome: string
    badAddressTitle: string
    badAddressText: string
    guideIntro: string
    /** The accessible name of the banner carousel. */
    banner: string
    /** The accessible name of the notice ticker. */
    notices: string
    /** A news or guide page whose article is missing (no id, or withdrawn). */
    articleMissing: string
  }
  /** Real-name verification (packages/auth, packages/users/identity). */
  realName: {
    optionTitle: string
    optionIntro: string
    byIdNumber: string
    byIdNumberHint: string
    byBankCard: string
    byBankCardHint: string
    privacyNote: string
    formIntro: string
    bankFormIntro: string
    namePlaceholder: string
    idNoPlaceholder: string
    cardNoPlaceholder: string
    bankPhonePlaceholder: string
    submit: string
    successTitle: string
    /** `{date}` is replaced. */
    successText: string
    continue: string
    failTitle: string
    retry: string
    contactService: string
    method: string
    methodIdNumber: string
    methodBankCard: string
    company: string
    employeeNo: string
    idNo: string
    bankCard: string
    realName: string
    certifiedAt: string
    validUntil: string
    expiredNote: string
    verifyAgain: string
    notVerifiedTitle: string
    notVerifiedText: string
  }
  /** Personal info (pages/user-center/user-info), SPEC §2 labels. */
  personalInfo: {
    name: string
    pinyinName: string
    gender: string
    birthdate: string
    nationality: string
    companyName: string
    idType: string
    idNo: string
    employeeNo: string
    phone: string
    email: string
    address: string
    postcode: string
    avatar: string
    username: string
    genderF: string
    genderM: string
    genderU: string
    employerSection: string
    employerNote: string
    notVerifiedNote: string
    accountSection: string
    notSet: string
    edit: string
    save: string
    saved: string
    avatarUpdated: string
    usernameHint: string
    addressPlaceholder: string
    postcodePlaceholder: string
    usernamePlaceholder: string
  }
  /** packages/users/account/index: the account's ways to sign in and the session actions. */
  accountSecurity: {
    signInMethods: string
    phone: string
    email: string
    password: string
    passwordSet: string
    passwordNotSet: string
    notBound: string
    thirdParty: string
    sessions: string
    signOutAll: string
    signOutAllHint: string
    signOutAllConfirm: string
    cancelAccount: string
    cancelAccountHint: string
    devices: string
    devicesHint: string
  }
  /** Account security screens (packages/safety), ./security/. */
  security: SecurityDictionary
  /** Third-party accounts (login page, binding list), ./third-party/. */
  thirdParty: ThirdPartyDictionary
  /** Account cancellation (accountCancel, confirmCancel), ./cancellation/. */
  cancellation: CancellationDictionary
  language: {
    intro: string
    switched: string
    current: string
    /** Toast when the chosen language's texts could not be loaded (shown in the current language). */
    loadFailed: string
  }
  agreements: {
    updateTitle: string
    agree: string
    exit: string
    /** Sentence around the agreement links; `{links}` marks where they go. */
    updatedNote: string
    /** Joins the last two agreement names. */
    and: string
    /** Separates the other agreement names. */
    separator: string
    /** Wraps one agreement name, `{name}` marks the name (《》 in Chinese). */
    nameFormat: string
    loadFailed: string
    signed: string
  }
  errors: {
    servicePhoneLabel: string
    call: string
  }
  consent: {
    /** Toast when a call is refused before the privacy consent. */
    required: string
    title: string
    /** `{links}` marks where the agreement links go. */
    intro: string
    detail: string
    agree: string
    disagree: string
  }
  captcha: {
    title: string
    hint: string
    handleLabel: string
    checking: string
    success: string
    failure: string
    refresh: string
    close: string
    loadFailed: string
    imageAlt: string
    /** How to solve the puzzle from the keyboard (read with the handle). */
    keyboardHint: string
    /** The way without the picture (a proof of work the device does). */
    otherWay: string
    workRunning: string
    /** `{percent}` of the expected work done. */
    workProgress: string
    workFailed: string
    workRetry: string
    backToPuzzle: string
  }
  auth: {
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
    /** Before the agreement links. */
    agreePrefix: string
    noAccount: string
    register: string
    forgotPassword: string
    loggedIn: string
    loggedOut: string
    quickLoginOk: string
    quickLoginFailed: string
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
  /** Settings, push, privacy rights and display (./me). */
  me: MeTexts
  /** Help center, customer service and the notices inbox (./help). */
  help: HelpDictionary
  /** The AI customer-service page (./assistant). */
  assistant: AssistantDictionary
}

/** A language's texts: the app's dictionary and the UI kit's (NutUI's ConfigProvider locale). */
export interface LocalePack {
  dictionary: Dictionary
  nutui: BaseLang
}

/** Replaces `{key}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m))
}
