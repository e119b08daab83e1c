/**
 * `@ess/contract/wire`: the contract without its schemas, and without zod. The paths and methods
 * of the calls, the constants, rule patterns and messages, the error catalogue, the envelope, the
 * signature and the routes, plus the TypeScript types of the payloads (inferred from the schemas,
 * imported as types only). The portal's start-up imports only this; the full `@ess/contract`
 * adds the zod schemas, for the gateway and the portal's forms.
 */
export * from './locale'
export * from './constants'
export * from './status'
export * from './errors'
export * from './rules'
export * from './rule-messages'
export * from './rule-checks'
export * from './envelope'
export * from './signature'
export * from './captcha-work'
export * from './assistant'
export * from './routes'
export * from './urls'
export * from './calls/wire'
export { API_PREFIX, callUrl, type CallAccess, type HttpMethod } from './calls/define'
export type {
  NoticeTarget,
  AccountSummary,
  AppAgreement,
  BindingInfo,
  ExternalAccount,
  ThirdPartyAuthorize,
  ThirdPartyLogin,
  Article,
  ArticleBlock,
  ArticleSummary,
  Captcha,
  CaptchaWork,
  CancellationInfo,
  CaptchaPass,
  Certification,
  CertificationCheckBody,
  CertifiedAccounts,
  DeviceSession,
  IdentityMethods,
  IdentityPass,
  CmsPage,
  LaunchData,
  CodeSent,
  DictItem,
  DictList,
  EditPersonalInfoBody,
  Floor,
  FloorComponent,
  Health,
  InformationTree,
  LinkItem,
  LoginSignupResult,
  LoginState,
  PasswordChanged,
  PasswordPubKey,
  ResetTicket,
  SecurityActivity,
  SecurityEvent,
  PersonalInfo,
  TrailPoint,
  UserAgreement,
  UserAgreements,
  UserInfo,
  PrivacyType,
  PrivacySummary,
  PrivacyRecord,
  ThirdParty,
  ExportLink,
  PushSettings,
  SubscribeTemplates,
  Notice,
  NoticeList,
  HelpVote,
  ServiceContacts,
  ServiceRegion,
} from './calls'
