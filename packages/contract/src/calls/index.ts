export * from './define'
export * from './wire'
export * from './fields'
export * from './system'
export * from './dict'
export * from './agreement'
export * from './login'
export * from './verify'
export * from './register'
export * from './user'
export * from './certification'
export * from './cms'
export * from './sso'
export * from './security'
export * from './privacy'
export * from './notices'
export * from './third-party'
export * from './help'
export * from './wechat'
export * from './open-notices'

import { health, healthLive, healthReady } from './system'
import { dictList } from './dict'
import { getAppAgreements, getUserAgreements, signAgreements } from './agreement'
import { getPasswordPubKey, loginByAccount, loginSignupByPhoneCode, refreshToken } from './login'
import { checkCaptcha, checkCaptchaWork, getCaptcha, getCaptchaWork, sendEmailCode, sendEmailPassCode, sendPhoneCode, sendPhonePassCode } from './verify'
import { registerByEmailPwd, registerByPhonePwd } from './register'
import { getUserInfo, logout, signOut } from './user'
import { cmsPage, cmsPreview, grantCode, informationDetail, informationTree } from './cms'
import { ssoLogin } from './sso'
import {
  bindOrChangeEmail,
  bindOrChangePhone,
  cancelAccount,
  cancellationInfo,
  changeEmail,
  changePhone,
  pickCertificationUser,
  resetPasswordByContact,
  resetPasswordByIdNo,
  revokeOtherSessions,
  revokeSession,
  securityActivity,
  securityMethods,
  unbindContact,
  updateUserPassword,
  validCertificationUser,
  validIdentityByRealName,
  validOldEmailCheckPassCode,
  validOldPhoneCheckPassCode,
  validResetPasswordPassCode,
  validUserPassword,
} from './security'
import { exportMyData, privacyQuery, privacyRecords, privacyThirdParties, privacyTypeList, withdrawConsent } from './privacy'
import { noticeList, noticeRead, pushSettings, updatePushSetting } from './notices'
import {
  bindLogin,
  bindThirdParty,
  getBindLoginAccount,
  getBindingInfo,
  thirdPartyBindAuthorize,
  thirdPartyLogin,
  thirdPartyLoginAuthorize,
  thirdPartyProviders,
  unbindThirdParty,
} from './third-party'
import { helpFeedback, helpVote, serviceContacts } from './help'
import { weChatMiniQuickLogin, wechatGetOpenId, wechatSubscribeAccept, wechatSubscribeTemplates } from './wechat'
import type { CallDef } from './define'
import type { CallName } from './wire'
import { certificationCheck, certificationGetInfo, editUserPersonalInfo, getUserPersonalInfo, uploadAvatar } from './certification'

/** Every call of the contract, by name. The gateway registers these; the OpenAPI is generated from them. */
export const calls = {
  health,
  healthLive,
  healthReady,
  dictList,
  getAppAgreements,
  getUserAgreements,
  signAgreements,
  getPasswordPubKey,
  getCaptcha,
  checkCaptcha,
  getCaptchaWork,
  checkCaptchaWork,
  sendPhoneCode,
  sendEmailCode,
  sendPhonePassCode,
  sendEmailPassCode,
  registerByPhonePwd,
  registerByEmailPwd,
  loginByAccount,
  loginSignupByPhoneCode,
  refreshToken,
  getUserInfo,
  logout,
  signOut,
  certificationCheck,
  certificationGetInfo,
  getUserPersonalInfo,
  editUserPersonalInfo,
  uploadAvatar,
  cmsPage,
  cmsPreview,
  informationTree,
  informationDetail,
  helpVote,
  helpFeedback,
  serviceContacts,
  grantCode,
  ssoLogin,
  securityMethods,
  validUserPassword,
  validOldPhoneCheckPassCode,
  validOldEmailCheckPassCode,
  validIdentityByRealName,
  updateUserPassword,
  validResetPasswordPassCode,
  resetPasswordByContact,
  validCertificationUser,
  pickCertificationUser,
  resetPasswordByIdNo,
  bindOrChangePhone,
  changePhone,
  bindOrChangeEmail,
  changeEmail,
  unbindContact,
  securityActivity,
  revokeSession,
  revokeOtherSessions,
  privacyTypeList,
  privacyQuery,
  privacyRecords,
  privacyThirdParties,
  exportMyData,
  withdrawConsent,
  pushSettings,
  updatePushSetting,
  noticeList,
  noticeRead,
  cancellationInfo,
  cancelAccount,
  thirdPartyProviders,
  thirdPartyLoginAuthorize,
  thirdPartyLogin,
  getBindLoginAccount,
  bindLogin,
  wechatGetOpenId,
  weChatMiniQuickLogin,
  wechatSubscribeTemplates,
  wechatSubscribeAccept,
  getBindingInfo,
  thirdPartyBindAuthorize,
  bindThirdParty,
  unbindThirdParty,
} as const satisfies { [N in CallName]: CallDef }
