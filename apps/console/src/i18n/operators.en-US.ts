import type { OperatorsTexts } from './types'

export const operators: OperatorsTexts = {
  title: 'Operators',
  invite: 'Invite an operator',
  refresh: 'Refresh',
  columns: { operator: 'Operator', roles: 'Roles', status: 'State', lastSignIn: 'Last sign-in', sessions: 'Sessions', created: 'Added' },
  status: { invited: 'Invited', active: 'Active', disabled: 'Disabled' },
  never: 'Never',
  linkOpenUntil: 'Link open until {time}',
  actions: { roles: 'Roles', disable: 'Disable', enable: 'Enable', reset: 'Reset second factor', sessions: 'Sessions', renew: 'New link', more: 'More' },
  confirm: {
    disable: 'Disable {name}? Their sessions end and they can no longer sign in.',
    enable: 'Enable {name} again?',
    reset: "Reset {name}'s second factor? Authenticator, passkeys and recovery codes are removed, sessions end, and a new enrollment link sets password and authenticator again.",
  },
  done: { roles: 'Roles saved', disabled: 'Operator disabled', enabled: 'Operator enabled', revoked: 'Session ended' },
  inviteForm: {
    title: 'Invite an operator',
    email: 'Email',
    emailPlaceholder: 'name@company.com',
    displayName: 'Display name',
    displayNamePlaceholder: 'Optional; the email name otherwise',
    roles: 'Roles',
    rolesRequired: 'Choose at least one role',
    submit: 'Make the link',
  },
  rolesForm: { title: 'Roles of {name}', lastAdminHint: 'At least one active administrator must remain.' },
  link: {
    title: 'Enrollment link',
    hint: 'Give this link to {email} through a trusted channel. It works once, and only until the time below; it is shown only now.',
    expires: 'Valid until {time}',
  },
  sessions: { title: 'Sessions of {name}', empty: 'No live session', revoke: 'End session', revokeConfirm: 'End this session? That device will have to sign in again.' },
  you: 'You',
}
