import type { UserCenterDictionary } from './types'

const userCenter: UserCenterDictionary = {
  greeting: 'Welcome to Employee Services',
  visitorHint: 'Log in to see your payroll, social insurance, housing fund and more',
  loginRegister: 'Log in / Register',
  accountSecurity: 'Account security',
  settings: 'Settings',
  language: 'Language',
  help: 'Help center',
  customerService: 'Customer service',
  version: 'Version',
  avatarLabel: 'Avatar',
  loggedInHint: 'Welcome back',
  certified: 'Verified',
  notCertified: 'Not verified',
  certificationExpired: 'Verification ended',
  verifyNow: 'Verify now',
  personalInfo: 'Personal info',
  employeeRecord: 'Employee record',
  logout: 'Log out',
}

export default userCenter
