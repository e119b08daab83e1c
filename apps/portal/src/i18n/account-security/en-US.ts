import type { AccountSecurityDictionary } from './types'

const accountSecurity: AccountSecurityDictionary = {
  signInMethods: 'Ways to sign in',
  phone: 'Phone',
  email: 'Email',
  password: 'Password',
  passwordSet: 'Set',
  passwordNotSet: 'Not set',
  notBound: 'Not bound',
  thirdParty: 'Third-party accounts',
  sessions: 'Devices',
  signOutAll: 'Sign out of all devices',
  signOutAllHint: 'Ends your sessions on every phone and browser, this one included',
  signOutAllConfirm: 'Sign out on all devices? You will need to log in again.',
  cancelAccount: 'Cancel account',
  cancelAccountHint: 'Cancellation is irreversible',
  devices: 'Devices and activity',
  devicesHint: 'Devices signed in and the last 30 days of security events',
}

export default accountSecurity
