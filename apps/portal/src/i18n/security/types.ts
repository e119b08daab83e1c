import type { DeviceType, IdentityMethod, SecurityEventType } from '@ess/contract/wire'

/**
 * The texts of account security (packages/safety): the identity check, the password, its recovery,
 * phone and email, devices. One file per language of this type (./zh-CN.ts, ./en-US.ts), part of
 * the app's Dictionary as `security`.
 */
export interface SecurityDictionary {
  /** The identity check (authList, authentication). */
  checkTitle: string
  checkIntro: string
  methods: Record<IdentityMethod, string>
  /** `{target}`: where the code goes, masked. */
  methodHintCode: string
  methodHintPassword: string
  methodHintIdNumber: string
  methodHintBankCard: string
  noMethods: string
  /** `{target}` */
  codeGoesTo: string
  currentPasswordPlaceholder: string
  verify: string
  verified: string
  toAccountSecurity: string
  /** Password options and change. */
  optionsIntro: string
  withCurrentPassword: string
  /** `{target}` */
  withCurrentPasswordHint: string
  otherWay: string
  otherWayHint: string
  noPasswordYet: string
  windowOpenNote: string
  changeIntro: string
  oldPasswordPlaceholder: string
  submitChange: string
  passwordChanged: string
  /** SPEC §5: no phone or email to receive a code. */
  bindContactFirst: string
  /** Recovery. */
  findIntro: string
  byPhone: string
  byPhoneHint: string
  byEmail: string
  byEmailHint: string
  byRealName: string
  byRealNameHint: string
  contactService: string
  /** `{phone}` */
  contactServiceHint: string
  phoneIntro: string
  emailIntro: string
  noCodeHint: string
  next: string
  accountFoundTitle: string
  accountFoundText: string
  username: string
  phone: string
  email: string
  setNewPassword: string
  realNameIntro: string
  accountsFoundTitle: string
  accountsFoundText: string
  noAccounts: string
  sendBySms: string
  sendByEmail: string
  /** `{to}` */
  codeSentTo: string
  /** `{account}` */
  resetIntro: string
  resetSubmit: string
  passwordResetDone: string
  ticketExpired: string
  /** Phone and email. */
  bindPhoneIntro: string
  bindPhoneAction: string
  identityFirst: string
  currentPhone: string
  changePhoneAction: string
  removePhone: string
  removePhoneConfirm: string
  removed: string
  newPhoneIntro: string
  phoneBound: string
  phoneChanged: string
  bindEmailIntro: string
  bindEmailAction: string
  currentEmail: string
  changeEmailAction: string
  removeEmail: string
  removeEmailConfirm: string
  newEmailIntro: string
  emailBound: string
  emailChanged: string
  submitBind: string
  /** Devices. */
  thisDevice: string
  otherDevices: string
  noOtherDevices: string
  /** `{time}` */
  signedInAt: string
  /** `{time}` */
  lastActive: string
  signOutDevice: string
  /** `{device}` */
  signOutDeviceConfirm: string
  signOutOthers: string
  signOutOthersConfirm: string
  signedOutDevice: string
  signedOutOthers: string
  history: string
  noHistory: string
  today: string
  loadFailed: string
  retry: string
  deviceTypes: Record<DeviceType, string>
  events: Record<SecurityEventType, string>
}
