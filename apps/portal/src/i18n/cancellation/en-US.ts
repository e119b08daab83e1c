import type { CancellationDictionary } from './types'

const cancellation: CancellationDictionary = {
  heroTitle: 'Cancel account',
  heroText: 'The account will be deleted for good and cannot be restored. Please decide with care.',
  lossesTitle: 'What cancelling deletes',
  losses: {
    profile: 'Your profile, avatar and username',
    contacts: 'The bound phone and email (they can register a new account)',
    realName: 'The real-name link and the encrypted ID and bank-card numbers',
    bindings: 'Bindings of WeChat, QQ, Weibo and other third-party accounts',
    history: 'Signed-in devices, security history and notices',
    services: 'Access to payslips, social insurance, housing fund, claims and check-ups through this account',
  },
  holdsPhone: 'Phone bound now: {phone}',
  holdsEmail: 'Email bound now: {email}',
  realNameLinked: 'You are real-name verified: a new account will have to verify again',
  beforeTitle: 'Before you cancel',
  before: [
    'Medical claims, welfare and check-up bookings are settled, or you give them up',
    'Cancelling does not affect your employment, nor the records kept by law by social insurance, housing fund and tax agencies',
    'Cancelling needs an identity check and takes effect at once',
  ],
  hotline: 'Questions? Call the service hotline {phone}',
  next: 'Request cancellation',
  confirmIntro: 'Identity verified. Read and accept the Account Cancellation Agreement; the account is cancelled as soon as you confirm.',
  agreeSentence: 'I have read and agree to the {links}',
  confirmButton: 'Cancel my account',
  confirmDialog: 'A cancelled account cannot be restored and all its data is deleted. Cancel the account?',
  keepAccount: 'Keep my account',
  done: 'Your account has been cancelled',
}

export default cancellation
