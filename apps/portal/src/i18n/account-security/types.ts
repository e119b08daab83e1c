/** The account security hub (packages/users/account) and its contact rows. */
export interface AccountSecurityDictionary {
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
