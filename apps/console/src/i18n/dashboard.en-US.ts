import type { DashboardTexts } from './types'

export const dashboard: DashboardTexts = {
  title: 'How the portal is doing',
  today: 'Today (China time)',
  last30: 'Last 30 days',
  computedAt: 'Figures of {time}, renewed every minute',
  loadFailed: 'The figures could not be loaded',
  figures: {
    registrations: 'Registrations',
    verifications: 'Real-name verifications',
    signIns: 'Sign-ins',
    signInFailures: 'Failed sign-ins',
    lockouts: 'Accounts locked',
    smsSent: 'SMS sent',
    smsFailed: 'SMS failed',
    emailSent: 'Emails sent',
    emailFailed: 'Emails failed',
    noticesDelivered: 'Notices delivered',
  },
  queue: { title: 'Send queue now', waiting: 'Waiting', failed: 'Failed' },
  agreements: { title: 'Agreements to sign again', resigned: 'Signed again', pending: 'Pending' },
  charts: { accounts: 'Registrations and verifications', signIns: 'Sign-ins', messages: 'Messages by channel', notices: 'Notices delivered' },
}
