/** The My account tab and the personal-info detail page. */
export interface UserCenterDictionary {
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
