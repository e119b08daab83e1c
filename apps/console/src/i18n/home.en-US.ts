import type { HomeTexts } from './types'

export const home: HomeTexts = {
  welcome: 'Welcome, {name}',
  signedInAs: 'Signed in as {email}',
  rolesTitle: 'Your roles',
  holdsTitle: 'What the console holds',
  holds: [
    { title: 'Home and services floors', text: 'Edit banners, notices and grids, preview them, publish now or on a schedule, roll back to a past version', roles: ['content_editor', 'content_publisher'] },
    { title: 'News and the service guide', text: 'Articles in both languages with covers and categories: drafts, preview, publish and unpublish', roles: ['content_editor', 'content_publisher'] },
    { title: 'User agreement and privacy policy', text: 'Edit a new version, compare it with the published one, publish it and have employees sign again', roles: ['agreement_manager'] },
    { title: 'Audit log', text: 'Every change and every look at personal data: when, who, what, before and after, from where', roles: ['auditor', 'admin'] },
    { title: 'Notices to employees', text: 'Salary, check-up, flexible employment or system notices in both languages, to everyone, a company or a list: now or planned', roles: ['admin'] },
    { title: 'Operators', text: 'Invite operators, change roles, disable, reset a second factor, end sessions', roles: ['admin'] },
    { title: 'My security', text: 'Your sessions, password, passkeys and recovery codes', roles: ['admin', 'content_editor', 'content_publisher', 'agreement_manager', 'roster_manager', 'support_agent', 'auditor'] },
  ],
  sessionEnds: 'This session ends at {time} (earlier after 30 minutes without activity)',
}
